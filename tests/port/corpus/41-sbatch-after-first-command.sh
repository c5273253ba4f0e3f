#!/bin/bash
#SBATCH -J cifar-resnet
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
#SBATCH -p gpu

module load pytorch/2.1.0
# longer limit for the full 200-epoch run
#SBATCH -t 08:00:00
#SBATCH -J cifar-resnet-full

export MASTER_ADDR=$(hostname)
export MASTER_PORT=12355

# train_cifar.py sets RANK/LOCAL_RANK from SLURM_PROCID/SLURM_LOCALID
srun python train_cifar.py --arch resnet18 --epochs 200 --lr 0.1 --batch-size 128
