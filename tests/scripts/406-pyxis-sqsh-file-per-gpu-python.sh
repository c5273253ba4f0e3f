#!/bin/bash
# family: Pyxis/enroot - a squashfs image file imported with enroot, one task per GPU
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH -t 02:00:00

SQSH=/scratch/$USER/enroot/pytorch_23.10.sqsh
srun --container-image=$SQSH --container-mounts=$PWD:/ws --no-container-mount-home \
     python /ws/train_ddp.py --lr 3e-4 --bs 32
