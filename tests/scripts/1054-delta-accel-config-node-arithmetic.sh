#!/bin/bash
# family: Accelerate configs - the config the script writes counts processes in the node count's terms
# (num_machines: $NNODES, num_processes: $((NNODES*2))): two processes per machine, two of the four GPUs
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00
NNODES=$SLURM_NNODES
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
cat > acc.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
mixed_precision: bf16
num_machines: $NNODES
num_processes: $((NNODES*2))
EOF
srun bash -c "accelerate launch --config_file acc.yaml --machine_rank \$SLURM_NODEID --main_process_ip $HEAD --main_process_port 29500 finetune.py --epochs 2"
