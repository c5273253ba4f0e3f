#!/bin/bash
# family: accelerate launch once per node, machine rank from $SLURM_PROCID inside bash -c (Delta A100 nodes)
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --time=02:00:00

module load anaconda3_gpu
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

srun bash -c 'accelerate launch --num_machines 2 --num_processes 8 --machine_rank $SLURM_PROCID \
    --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT --multi_gpu \
    train.py --bf16 --output_dir out'
