#!/bin/bash
# cluster: delta
# family: not DDP - Horovod started by mpirun, one rank per GPU
# modelled on https://horovod.readthedocs.io/en/stable/mpi.html and NCSA Delta's Horovod notes
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
module load openmpi
mpirun -np 8 -npernode 4 -bind-to none -map-by slot -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -x PATH python pt_horovod.py
