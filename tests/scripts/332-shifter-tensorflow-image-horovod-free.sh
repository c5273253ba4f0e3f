#!/bin/bash
# family: a TensorFlow container image (NERSC --image) with a program whose name says nothing: not PyTorch
#SBATCH -C gpu
#SBATCH -A m2222_g
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --image=tensorflow/tensorflow:2.15.0-gpu
srun shifter python fit.py --steps 1000
