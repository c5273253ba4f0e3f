#!/bin/bash
#SBATCH --job-name=stylegan
#SBATCH --account=phy240031-gpu
#SBATCH --partition=gpu-a100
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00

module load modtree/gpu
module load conda/2025.09
conda activate gan
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_gan.py --res 256 --kimg 5000
