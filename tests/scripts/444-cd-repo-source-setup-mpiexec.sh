#!/bin/bash
# family: the job changes into the project's checkout and sources its setup file (a venv and settings)
# before a Polaris mpiexec launch of one rank per GPU
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A vitproj
cd /lus/eagle/projects/vitproj/vit-repo
source ./scripts/setup_env.sh
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=$((NNODES * 4))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n ${NRANKS} --ppn 4 --depth=8 --cpu-bind depth python main.py --cfg configs/vit_l.yaml --amp
