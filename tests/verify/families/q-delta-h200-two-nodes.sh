#!/bin/bash
# cluster: delta
# Hand-written: NCSA's gpuH200x8 runs jobs of one node (no other H200 partition takes two).
# expect: nodes-exceed-queue error --nodes=2
# says: nodes-exceed-queue at most 1 [https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/running_jobs.html]
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=2
#SBATCH --gpus-per-node=8
#SBATCH --time=01:00:00
srun --ntasks-per-node=8 python train.py
