#!/bin/bash
#SBATCH --job-name=vit-s16
#SBATCH --account=g174
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=64
#SBATCH --time=04:00:00
#SBATCH --uenv=pytorch/v2.6.0:v1
#SBATCH --view=default
#SBATCH --output=vit-%j.out

# venv created on top of the uenv's python (--system-site-packages)
source $SCRATCH/venvs/vit-uenv/bin/activate
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=29400
export OMP_NUM_THREADS=16

srun --cpu-bind=socket python train_vit.py --model vit_small_patch16_224 --epochs 100 --data $SCRATCH/imagenet-wds
