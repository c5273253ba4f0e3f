#!/bin/bash
#SBATCH --job-name=variability
#SBATCH --array=0-6049
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
#SBATCH --mem-per-cpu=7G
Rscript --vanilla run_one.R "$SLURM_ARRAY_TASK_ID"
