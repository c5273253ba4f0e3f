#!/bin/bash -l
#PBS -A FusionSurr
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -N surrogate
#
# qsub -v CFG=configs/large.yaml,RUN=large-lr2 surrogate.pbs
# (without -v, CFG and RUN fall back to the defaults on the launch line)

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < ${PBS_NODEFILE})
NRANKS=$(( NNODES * 4 ))

mpiexec -n ${NRANKS} --ppn 4 --cpu-bind verbose,list:0,8,16,24 \
    ./set_affinity_gpu_polaris.sh \
    python train.py --config ${CFG:-configs/base.yaml} --run-name ${RUN:-baseline}
