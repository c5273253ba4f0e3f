#!/bin/bash
#SBATCH -J s3-cnn
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 16
#SBATCH -t 06:00:00
#SBATCH -A TG-BIO250101

module load gcc/13.2.0 cuda/12.4
source $SCRATCH/venvs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
ibrun python train_cnn.py --epochs 100 --batch-size 256
