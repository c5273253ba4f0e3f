#!/bin/bash
#SBATCH -A m1234_g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 03:00:00
#SBATCH -J mae

module load pytorch/2.3.1
export HF_HOME=$PSCRATCH/hf
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID mae_pretrain.py --epochs 20 --data $PSCRATCH/imagenet
