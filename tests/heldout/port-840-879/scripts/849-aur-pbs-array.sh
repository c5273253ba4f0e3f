#!/bin/bash
#PBS -A CatalystML
#PBS -q capacity
#PBS -l select=1
#PBS -l place=scatter
#PBS -l walltime=06:00:00
#PBS -l filesystems=home:flare
#PBS -J 0-3
#PBS -N lr-sweep

cd $PBS_O_WORKDIR
module load frameworks

LRS=(1e-4 3e-4 1e-3 3e-3)
LR=${LRS[$PBS_ARRAY_INDEX]}
echo "sub-job $PBS_ARRAY_INDEX -> lr=$LR"

mpiexec -n 12 --ppn 12 \
    --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python sweep_train.py --lr $LR --seed $PBS_ARRAY_INDEX --out /flare/CatalystML/sweep/$PBS_ARRAY_INDEX
