#!/bin/bash
# s24: three steps - a one-task preprocessing, the training over both nodes, a one-task evaluation
#SBATCH -A cis230123-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 08:00:00

module load modtree/gpu anaconda
conda activate seg
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
DATA=$HOME/seg/data
srun -N 1 -n 1 python preprocess.py --in $DATA/raw --out $DATA/tiles
srun python train_unet.py --data $DATA/tiles --epochs 50
srun -N 1 -n 1 python evaluate.py --ckpt runs/last.pt
