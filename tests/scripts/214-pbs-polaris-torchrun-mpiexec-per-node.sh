#!/bin/bash
# family: ALCF Polaris, torchrun on each node started by mpiexec with one rank per node
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd $PBS_O_WORKDIR
module use /soft/modulefiles; module load conda; conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
MASTER=$(head -1 $PBS_NODEFILE)
mpiexec -n $NNODES --ppn 1 --depth 64 --cpu-bind depth torchrun --nnodes=$NNODES --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=$MASTER:29400 train.py --ckpt $PBS_O_WORKDIR/ckpt
