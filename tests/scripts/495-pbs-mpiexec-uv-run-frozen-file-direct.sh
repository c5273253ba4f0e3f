#!/bin/bash
# family: `uv run [options] FILE.py` (no python word) under mpiexec, one rank per GPU on two Polaris
# nodes; the ranks read their rank from PMI themselves
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd "${PBS_O_WORKDIR}"
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n 8 --ppn 4 --cpu-bind depth -d 16 uv run --frozen train.py --lr 1e-3 --epochs 20
