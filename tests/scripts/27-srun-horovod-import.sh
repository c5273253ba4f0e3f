#!/bin/bash
# family: not DDP - Horovod started by srun (one task per GPU; the script imports horovod.torch)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
#SBATCH -A m1357_g
#SBATCH -C gpu
#SBATCH -q regular
export HOROVOD_GPU_OPERATIONS=NCCL
srun python train_horovod.py --fp16-allreduce
