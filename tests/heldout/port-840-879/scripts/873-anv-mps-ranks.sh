#!/bin/bash
#SBATCH -J dock-mps
#SBATCH -A chm250017-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=2
#SBATCH -c 8
#SBATCH -t 04:00:00

module load modtree/gpu
module load conda/2024.02
conda activate dock

# 8 MPI ranks share the 2 A100s through MPS -- 4 ranks per GPU on purpose:
# each rank's kernels are small and one rank alone leaves a GPU mostly idle.
export CUDA_MPS_PIPE_DIRECTORY=/tmp/mps-pipe-$SLURM_JOB_ID
export CUDA_MPS_LOG_DIRECTORY=/tmp/mps-log-$SLURM_JOB_ID
mkdir -p $CUDA_MPS_PIPE_DIRECTORY $CUDA_MPS_LOG_DIRECTORY
nvidia-cuda-mps-control -d

srun python infer_mpi.py --ligands /anvil/projects/x-chm250017/ligands.smi --batch 512

echo quit | nvidia-cuda-mps-control
