#!/bin/bash
# family: DeepSpeed/FSDP through Lightning's CLI (--trainer.strategy=fsdp)
# (https://lightning.ai/docs/pytorch/stable/cli/lightning_cli.html)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A wxyz-delta-gpu
#SBATCH -t 02:00:00
srun python main.py fit --trainer.strategy=fsdp --trainer.num_nodes=2 --trainer.devices=4
