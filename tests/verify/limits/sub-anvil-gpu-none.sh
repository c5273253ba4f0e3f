#!/bin/bash
# cluster: anvil
# The gpu queue: RCAC's table gives no submit limit ("-"), so a big array is not held to one.
# absent: array-exceeds-submit-limit
#SBATCH --account=cis230001-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=00:20:00
#SBATCH --array=1-500
srun python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
