#!/bin/bash
# family: ALCF Polaris single node, torchrun standalone with no mpiexec
#PBS -A MyProject
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
torchrun --standalone --nproc_per_node=4 train.py --fp16
