#!/bin/bash
# cluster: anvil
# gpu-debug: 2 running + submitted jobs per user (RCAC's table); the gpu queue has no such column value.
# expect: array-exceeds-submit-limit warning --array=1-3
# message: array-exceeds-submit-limit 3 tasks.*'gpu-debug' queue on anvil, 2 jobs
#SBATCH --account=cis230001-gpu
#SBATCH --partition=gpu-debug
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=00:20:00
#SBATCH --array=1-3
srun python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
