#!/bin/bash
# family: launcher details - one torchrun per node under mpiexec (Polaris)
#PBS -l select=4:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A Proj
cd $PBS_O_WORKDIR
NNODES=$(wc -l < $PBS_NODEFILE)
MASTER=$(head -n 1 $PBS_NODEFILE)
mpiexec -n $NNODES --ppn 1 --hostfile $PBS_NODEFILE torchrun --nnodes $NNODES --nproc_per_node 4 \
    --rdzv_backend c10d --rdzv_endpoint $MASTER:29400 train.py --cfg base.yaml
