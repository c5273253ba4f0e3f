#!/bin/bash
# s24: resume from the last checkpoint, or start from pretrained weights: one option of two, chosen at run time
#SBATCH -A cis230123-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00

module load modtree/gpu anaconda
conda activate det
if [ -f ckpt/last.pth ]; then
    INIT="--resume ckpt/last.pth"
else
    INIT="--pretrained weights/r50.pth"
fi
torchrun --standalone --nproc_per_node=4 train_det.py --epochs 36 $INIT
