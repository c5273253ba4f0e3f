#!/bin/bash
# cluster: polaris
# expect: container-no-gpu error apptainer exec
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
module use /soft/spack/base/0.8.1/install/modulefiles/Core
module load apptainer
SIF=/eagle/MyProj/containers/pytorch.sif
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
mpiexec -n 40 --ppn 4 --cpu-bind depth -d 8 \
    apptainer exec -B /eagle "$SIF" python train.py --lr 0.001
