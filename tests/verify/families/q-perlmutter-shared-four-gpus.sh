#!/bin/bash
# cluster: perlmutter
# Hand-written: the shared QOS gives a job at most half a node (2 GPUs).
# expect: gpus-exceed-queue error --gpus-per-node=4
# says: gpus-exceed-queue at most 2 per job [https://docs.nersc.gov/jobs/policy/]
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
srun -n 4 --gpus-per-task=1 python train.py
