#!/bin/bash
#PBS -N mace-long
#PBS -A MatSciFM
#PBS -q capacity
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=120:00:00
#PBS -l filesystems=home:flare
#PBS -r y
#PBS -k doe

cd $PBS_O_WORKDIR
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
# rerunnable (-r y): train_mace.py resumes from ckpt/latest.pt when PBS reruns it after a node failure
mpiexec -n 24 --ppn 12 --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python train_mace.py --ckpt ckpt/latest.pt --max-hours 119
