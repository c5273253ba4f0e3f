#!/bin/bash
#SBATCH -J stylegan-2n
#SBATCH -A cis240512-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH -t 06:00:00
#SBATCH -o /anvil/scratch/x-mrossi/logs/%x-%j.out

module load modtree/gpu conda/2025.09
conda activate gan

srun torchrun --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=localhost:29500 --rdzv_id=$SLURM_JOB_ID \
    train_gan.py --outdir /anvil/scratch/x-mrossi/runs --data ffhq256.zip --batch 64 --kimg 5000
