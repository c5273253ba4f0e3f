#!/bin/bash
# cluster: polaris
# family: a single-quoted per-task string broken open for a batch-shell value ('...'$head'...')
# modelled on ALCF user scripts that start one torchrun per node with mpiexec -n NODES --ppn 1
# (https://docs.alcf.anl.gov/polaris/data-science/frameworks/pytorch/)
#PBS -A datascience
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate
head=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n 2 --ppn 1 bash -c 'torchrun --nnodes 2 --nproc_per_node 4 --node_rank $PMI_RANK --master_addr '$head' --master_port 29500 train.py'
