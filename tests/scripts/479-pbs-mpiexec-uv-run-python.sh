#!/bin/bash
# family: a PBS job where uv wraps python under mpiexec (one rank per GPU), ALCF-style affinity flags
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A myproj
cd "$PBS_O_WORKDIR"
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --depth=8 --cpu-bind depth uv run python train.py --epochs 3
