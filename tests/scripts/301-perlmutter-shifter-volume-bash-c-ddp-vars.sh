#!/bin/bash
# family: NERSC Shifter image with bind volumes (-V), a per-task bash -c that sources the DDP variables
# helper and forwards the job's own arguments (NERSC's SC tutorials' submit scripts)
#SBATCH -C gpu
#SBATCH -A m9999_g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node 4
#SBATCH --cpus-per-task 32
#SBATCH --gpus-per-task 1
#SBATCH -t 00:30:00
#SBATCH --image=nersc/pytorch:24.08.01
#SBATCH -J fcn-scaling
#SBATCH -o %x-%j.out
DATA=/pscratch/sd/u/user/era5
LOGS=${SCRATCH}/fcn/logs
mkdir -p ${LOGS}
args="${@}"
export NCCL_NET_GDR_LEVEL=PHB
set -x
srun -u shifter -V ${DATA}:/data -V ${LOGS}:/logs \
    bash -c "
    source export_DDP_vars.sh
    python train.py ${args}
    "
