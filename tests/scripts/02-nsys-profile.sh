#!/bin/bash
# family: wrappers - Nsight Systems in front of the program (pattern from NVIDIA's nsys docs and
# NERSC's profiling page, https://docs.nersc.gov/tools/performance/nvidiaproftools/)
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=00:30:00
module load python/3.11.6
srun nsys profile --trace=cuda,nvtx,osrt --stats=false -o prof_%q{SLURM_PROCID} python -u bench_ddp.py --steps 50
