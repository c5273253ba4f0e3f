#!/bin/bash
#SBATCH -A cis240001-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 10:00:00
#SBATCH -J ddp-anvil

module load modtree/gpu
module load conda/2025.09
conda activate torch-env

export MASTER_PORT=$(expr 10000 + $(echo -n $SLURM_JOBID | tail -c 4))
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export WORLD_SIZE=$SLURM_NTASKS

srun python ddp_train.py --epochs 3 --batch-size 32
