#!/bin/bash -l
#PBS -A CosmoSim
#PBS -q debug
#PBS -l select=2:ncpus=64:ngpus=8
#PBS -l place=scatter
#PBS -l walltime=00:40:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate base
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n 16 --ppn 8 --depth 8 --cpu-bind depth python emulator_train.py --sims /eagle/CosmoSim/quijote --epochs 25
