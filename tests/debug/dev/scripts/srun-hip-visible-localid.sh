#!/bin/bash
#SBATCH -A abc123
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-task=1
#SBATCH --gpu-bind=closest
#SBATCH -t 00:30:00
module load rocm
source venv/bin/activate
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n1)
export MASTER_PORT=29500
srun bash -c 'export HIP_VISIBLE_DEVICES=$SLURM_LOCALID; RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS python train.py'
