#!/bin/bash
# family: open_clip's multi-node recipe: one srun task per GPU, env:// rendezvous from MASTER_ADDR and
# MASTER_PORT, PYTHONPATH to src, a webdataset shard range in braces inside quotes
#SBATCH --job-name=clip-b32
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=6
#SBATCH --time=24:00:00
#SBATCH --exclusive

export MASTER_PORT=12802
master_addr=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR=$master_addr
export PYTHONPATH="$PYTHONPATH:$PWD/src"

srun --cpu_bind=v --accel-bind=gn python -u src/training/main.py \
    --save-frequency 1 \
    --train-data="/data/laion/{00000..04000}.tar" \
    --dataset-type webdataset \
    --batch-size=256 \
    --epochs=32 \
    --model ViT-B-32 \
    --local-loss \
    --gather-with-grad
