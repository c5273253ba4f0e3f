#!/bin/bash
#SBATCH --job-name=seg-pipeline
#SBATCH --account=bcdr-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=240g
#SBATCH --time=10:00:00
#SBATCH --constraint="scratch"

module reset
module load pytorch-conda/2.8
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29511

# stage the tiles onto each node's local disk (one task per node)
srun --ntasks-per-node=1 rsync -a /projects/bcdr/tiles/ /tmp/tiles/

# build the index once, into the shared submit directory
srun -N1 -n1 python prep.py --root /tmp/tiles --index index.json

# train: one task per GPU
srun python train.py --data-dir /tmp/tiles --index index.json --epochs 40

# score the best checkpoint on one GPU
srun -N1 -n1 python eval.py --ckpt out/best.pt
