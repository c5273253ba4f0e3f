#!/bin/bash
# cluster: polaris
# absent: container-no-gpu
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
# in_container.sh runs: apptainer exec --nv -B /eagle $SIF "$@"
mpiexec -n 40 --ppn 4 ./in_container.sh python train.py --lr 0.001
