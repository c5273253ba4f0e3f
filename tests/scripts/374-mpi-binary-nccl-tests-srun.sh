#!/bin/bash
# family: a plain CUDA/MPI program (nccl-tests) run with one task per GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH -C gpu
#SBATCH -A m1234
#SBATCH -q debug
#SBATCH -t 00:10:00

export NCCL_DEBUG=WARN
srun --cpu-bind=cores ./build/all_reduce_perf -b 8 -e 4G -f 2 -g 1
