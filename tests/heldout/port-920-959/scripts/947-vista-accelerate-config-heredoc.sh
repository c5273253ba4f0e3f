#!/bin/bash
#SBATCH -J sft-vista
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 08:00:00
#SBATCH -A CHE24019

module load gcc cuda python3
source $SCRATCH/envs/trl/bin/activate

MAIN_IP=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

cat > accel_multi.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
num_machines: 4
num_processes: 4
main_process_ip: ${MAIN_IP}
main_process_port: 29500
rdzv_backend: c10d
mixed_precision: bf16
use_cpu: false
EOF

# one accelerate agent per node; with the c10d rendezvous the agents need no machine rank
ibrun -np 4 accelerate launch --config_file accel_multi.yaml \
    sft.py --model Qwen/Qwen2-1.5B --dataset HuggingFaceH4/ultrachat_200k --epochs 1
