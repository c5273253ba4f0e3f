#!/bin/bash
# family: a pixi project environment wraps the launcher (pixi run torchrun ...) on one node with
# torchrun's --standalone rendezvous; no srun
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00
cd "$SLURM_SUBMIT_DIR"
pixi run --manifest-path ./pixi.toml torchrun --standalone --nproc_per_node=4 train.py --epochs 3 --batch-size 64
