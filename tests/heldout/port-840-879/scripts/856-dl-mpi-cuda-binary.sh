#!/bin/bash
#SBATCH --job-name=heat3d
#SBATCH --account=bcqx-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=00:45:00
#SBATCH --constraint="projects"

module reset
module load cuda openmpi
cd /projects/bcqx/$USER/heat3d/build

# CUDA-aware MPI halo exchange; each rank takes GPU (local rank % 4)
srun --gpu-bind=closest ./heat3d_cuda -nx 1024 -ny 1024 -nz 512 -iters 5000
