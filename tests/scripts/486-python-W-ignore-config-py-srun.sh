#!/bin/bash -l
# family: python's own -W option with its value before the file under srun, one task per GPU, the
# environment sourced from a shared file
#SBATCH -N 2
#SBATCH -n 8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --mem=0
#SBATCH --time=0-02:00:00
source /shared/envs/llm-env.sh
srun python -W ignore train.py --config ./configs/sft_7b.py
