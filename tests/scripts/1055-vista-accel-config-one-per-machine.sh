#!/bin/bash
# family: Accelerate configs - num_machines and num_processes both $SLURM_NNODES (one GPU per node): one
# process per machine, each node's accelerate started by ibrun
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A ABC24001
HEAD=$(scontrol show hostnames | head -n 1)
cat > one.yaml <<EOF
distributed_type: MULTI_GPU
num_machines: $SLURM_NNODES
num_processes: $SLURM_NNODES
EOF
cat > node.sh <<EOF
accelerate launch --config_file one.yaml --machine_rank=\$PMI_RANK --main_process_ip=$HEAD --main_process_port=1234 sft.py --bf16
EOF
chmod +x node.sh
ibrun ./node.sh
