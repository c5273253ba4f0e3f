#!/bin/bash
# cluster: aurora
# absent: container-no-gpu
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:flare
cd "$PBS_O_WORKDIR"
module load apptainer
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
mpiexec -n 48 --ppn 12 apptainer exec /lus/flare/projects/MyProj/intel-pytorch.sif python train.py --backend ccl
