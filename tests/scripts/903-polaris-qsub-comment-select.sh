#!/bin/bash -l
# family: node count on the submit line - PBS: the select is given to qsub
#   qsub -l select=2:system=polaris -l walltime=01:00:00 -A MyProj -q debug-scaling train_pbs.sh
#PBS -l place=scatter
#PBS -l filesystems=home:eagle
#PBS -j oe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES * 4)) --ppn 4 --depth 8 --cpu-bind depth python train_unet.py --data /eagle/MyProj/data --epochs 30
