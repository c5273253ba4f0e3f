#!/bin/bash
# family: NCSA Delta, a container's own runscript (apptainer run --nv) starting the program, the
# "scratch" feature constraint and --gpu-bind=closest, one task per GPU
#SBATCH --mem=0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --job-name=ngc-ddp
#SBATCH --time=01:00:00
#SBATCH --constraint="scratch"
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=closest
module reset
module load apptainer
srun apptainer run --nv /sw/external/NGC/pytorch_24.03-py3.sif python3 ddp_train.py --epochs 5
