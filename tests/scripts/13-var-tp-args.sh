#!/bin/bash
# family: variables - parallel sizes set earlier and used on the launch line
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00
#SBATCH -A m9999_g
#SBATCH -C gpu
#SBATCH -q regular
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
SEQ=2048
MBS=4
srun torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    train_lm.py --seq-len $SEQ --micro-batch $MBS
