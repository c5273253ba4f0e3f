#!/bin/bash
# cluster: polaris
# family: variables - a script meant for either scheduler: Slurm variables behind defaults and tests
# modelled on https://github.com/argonne-lcf/GettingStarted (helpers that read PBS or Slurm)
#PBS -l select=2:system=polaris
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
if [ -n "$SLURM_JOB_ID" ]; then
    NNODES=$SLURM_NNODES
else
    NNODES=$(wc -l < $PBS_NODEFILE)
fi
RANKS=${SLURM_NTASKS:-$(( NNODES * 4 ))}
mpiexec -n $RANKS --ppn 4 python train.py
