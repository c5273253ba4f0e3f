#!/bin/bash
#SBATCH -J unet-pvc
#SBATCH -p pvc
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH -t 08:00:00
#SBATCH -A TG-MCH240033
#SBATCH -o unet-pvc.%j.out

# Stampede3 Intel Max 1550 nodes: 4 GPUs per node, one rank per GPU (COMPOSITE: both tiles per device)
module load python
eval "$(conda shell.bash hook)"
conda activate pytorch-xpu

export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29565

ibrun python train_unet.py --epochs 50 --batch-size 16 --data /work2/10555/unetuser/stampede3/kits23
