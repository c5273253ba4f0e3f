#!/bin/bash -l
#PBS -A AuroraGPT
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -k doe
#PBS -N vit-xpu

cd $PBS_O_WORKDIR
module load frameworks
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n 24 --ppn 12 --cpu-bind=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 python3 train_vit.py --epochs 2 --data /lus/flare/projects/AuroraGPT/imagenet
