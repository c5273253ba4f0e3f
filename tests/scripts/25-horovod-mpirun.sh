#!/bin/bash
# family: not DDP - Horovod with mpirun (horovod/horovod docs, docs/mpi.rst)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 01:00:00
module load openmpi
mpirun -np 8 -npernode 4 -bind-to none -map-by slot -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH \
    python pytorch_mnist_horovod.py --epochs 4
