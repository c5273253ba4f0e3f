#!/bin/bash
# family: not DDP - a plain MPI + CUDA program (NERSC's GPU job examples, https://docs.nersc.gov/jobs/examples/)
#SBATCH -A m0001
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:15:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH -c 32
#SBATCH --gpus-per-task=1
#SBATCH --gpu-bind=none
export SLURM_CPU_BIND="cores"
srun ./a.out
