#!/bin/bash
#PBS -N resnet-ddp
#PBS -A CompBioAI
#PBS -q debug
#PBS -l select=2:ngpus=8:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --depth 8 --cpu-bind depth ./rank_env.sh python resnet_ddp.py --arch resnet50 --epochs 5
