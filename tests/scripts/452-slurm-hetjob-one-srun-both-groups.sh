#!/bin/bash
# family: a heterogeneous Slurm job whose one srun spans both components (--het-group=0,1): a coupled
# MPI world of CPU ranks and GPU ranks (ranks of component 1 follow those of component 0)
#SBATCH -t 01:00:00
#SBATCH -N 1 -n 16 -c 2
#SBATCH hetjob
#SBATCH -N 2 --ntasks-per-node=4 --gpus-per-node=4
srun --het-group=0,1 python coupled_train.py --cpu-ranks 16 --gpu-ranks 8
