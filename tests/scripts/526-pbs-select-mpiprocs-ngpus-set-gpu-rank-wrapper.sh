#!/bin/bash -l
# family: an affinity wrapper of a PBS centre (set_gpu_rank) between mpiexec and python
#PBS -N resnet-ddp
#PBS -A UXYZ0042
#PBS -q main
#PBS -l select=2:ncpus=64:mpiprocs=4:ngpus=4
#PBS -l walltime=01:00:00
#PBS -j oe
module load conda cuda
conda activate torch-env
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400
mpiexec -n 8 -ppn 4 set_gpu_rank python resnet_ddp.py --epochs 4 --batch-size 128
