#!/bin/bash
# family: PyTorch Lightning started by srun with one task per GPU, LightningCLI fit subcommand
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=16
#SBATCH --partition=gpuA40x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=02:00:00
module load anaconda3_gpu
srun python main.py fit --config config.yaml --trainer.devices 4 --trainer.num_nodes 2
