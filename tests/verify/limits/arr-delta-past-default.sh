#!/bin/bash
# cluster: delta
# expect: array-too-large warning -a 1-5000%20
# message: array-too-large highest index, 5000, reaches Slurm's default MaxArraySize \(1001.*NCSA Delta does not publish.*its 5000 tasks
# no-errors
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=1
#SBATCH --ntasks-per-node=1
#SBATCH --time=00:20:00
#SBATCH -a 1-5000%20
srun python eval.py --shard $SLURM_ARRAY_TASK_ID
