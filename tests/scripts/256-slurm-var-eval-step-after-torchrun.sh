#!/bin/bash
# family: a single-task evaluation step after the training that names the Slurm job id (cannot run under PBS as written)
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m9012_g
#SBATCH -t 01:00:00
srun torchrun --standalone --nproc_per_node=4 train.py --out runs/
srun -n 1 python evaluate.py --ckpt runs/last.pt --tag $SLURM_JOB_ID
