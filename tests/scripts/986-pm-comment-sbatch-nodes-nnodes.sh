#!/bin/bash
# family: sizes only in a comment that shows the sbatch line (session 25: the count the comment gives
# is the old size); torchrun reads the allocation's count
#
#   how I run it:  sbatch --nodes=2 --time=04:00:00 pm_contrastive.sbatch
#
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128

module load pytorch/2.3.1
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint=$head:29500 --rdzv_id=$SLURM_JOB_ID train_simclr.py --epochs 400 --batch-size 256
