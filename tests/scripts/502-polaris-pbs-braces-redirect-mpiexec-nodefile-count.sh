#!/bin/bash
# family: Polaris, node count from the node file, ranks by arithmetic, the whole body in a { } block redirected to dated logs
#PBS -l select=4
#PBS -l walltime=01:00:00
#PBS -A myproj
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
cd $PBS_O_WORKDIR
export JOBNUM=$(echo $PBS_JOBID | cut -d'.' -f1)
export STAMP=$(date +"%Y%m%d_%H%M").j${JOBNUM}
mkdir -p logs
{
  module use /soft/modulefiles
  module load conda
  conda activate
  NNODES=$(wc -l < $PBS_NODEFILE)
  PPN=4
  NRANKS=$((NNODES * PPN))
  mpiexec -n $NRANKS -ppn $PPN --hostfile $PBS_NODEFILE python train_vit.py -o logs/$STAMP -b 128 -e 100
} 1> logs/$STAMP.out 2> logs/$STAMP.err
