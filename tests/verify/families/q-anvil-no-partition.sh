#!/bin/bash
# cluster: anvil
# Hand-written with no -p: RCAC sends the job to its default partition, shared, which has CPU nodes only,
# so the GPU request cannot be met (RCAC also lists -p as mandatory).
# expect: queue-cpu-only error #SBATCH -A
# says: queue-cpu-only the job goes to 'shared'
# says: queue-cpu-only [https://docs.rcac.purdue.edu/userguides/anvil/jobs/]
# says: queue-cpu-only #SBATCH --partition=gpu
#SBATCH -A abc123456-gpu
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
srun -n 4 python train.py
