#!/bin/bash
# family: site options - CUDA MPS with several ranks per GPU on purpose
# (https://docs.nersc.gov/jobs/affinity/ and NVIDIA MPS docs)
#SBATCH -N 1
#SBATCH --ntasks-per-node=16
#SBATCH --gpus-per-node=4
#SBATCH -A m3030_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:30:00
nvidia-cuda-mps-control -d
srun ./md_engine -in input.md
echo quit | nvidia-cuda-mps-control
