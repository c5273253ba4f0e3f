#!/bin/bash
# family: PSC Bridges-2 GPU partition with a typed total (--gpus=v100-32:16 over 2 nodes), the AI
# module, and mpirun starting one rank per GPU from $SLURM_NTASKS
#SBATCH -N 2
#SBATCH -p GPU
#SBATCH -t 05:00:00
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=v100-32:16
#SBATCH -A cis123456p
module load AI/pytorch_23.02-1.13.1-py3
module load openmpi/4.0.5-nvhpc22.9
cd $PROJECT/cosmo
mpirun -np $SLURM_NTASKS python train_cosmo.py --backend nccl --batch 32
