#!/bin/bash
# family: PyTorch Lightning under srun (Lightning's SLURM guide: one task per GPU)
#SBATCH --nodes=2
#SBATCH --gres=gpu:4
#SBATCH --ntasks-per-node=4
#SBATCH --time=0-02:00:00
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
srun python lit_train.py trainer.devices=4 trainer.num_nodes=2 trainer.strategy=fsdp
