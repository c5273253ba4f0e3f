#!/bin/bash -l
#PBS -A DLio
#PBS -q debug
#PBS -l select=2:ngpus=8:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -N ddp-8

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n 16 --ppn 8 --depth=4 --cpu-bind depth python train.py --epochs 3
