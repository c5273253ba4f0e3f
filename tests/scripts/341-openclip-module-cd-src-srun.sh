#!/bin/bash
# family: the same program started as a module after cd into src (python -m training.main), GPUs by
# --gres, one task per GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
#SBATCH -t 12:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
cd src
srun python -u -m training.main --train-data /data/cc3m/train.csv --csv-img-key filepath --batch-size 128 --workers 8
