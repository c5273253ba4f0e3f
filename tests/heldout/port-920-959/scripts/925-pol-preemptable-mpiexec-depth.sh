#!/bin/bash -l
#PBS -N seg-preempt
#PBS -A FoundEpi
#PBS -q preemptable
#PBS -l select=4:ncpus=64:ngpus=4
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -k doe
#PBS -j oe

# rerunnable: the job resumes from the newest checkpoint in $CKPT when it is preempted
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda/2024-04-29
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29411
CKPT=/eagle/FoundEpi/ckpt/segformer

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth --env OMP_NUM_THREADS=8 \
    python segformer_train.py --resume-dir $CKPT --crop 1024 --lr 6e-5
