#!/bin/bash
# family: wrappers - the ROCm profiler in front of python3 on Frontier
# (https://rocm.docs.amd.com/projects/rocprofiler/en/latest/)
#SBATCH -A GEN150
#SBATCH -N 1
#SBATCH -p batch
#SBATCH -t 00:15:00
module load PrgEnv-gnu rocm/6.1.3
srun -n 8 --ntasks-per-node=8 --gpus-per-node=8 rocprof --stats --hip-trace python3 train.py --steps 10
