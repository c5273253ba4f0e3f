#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
apptainer exec --nv docker://nvcr.io/nvidia/pytorch:24.05-py3 python train.py --epochs 5
