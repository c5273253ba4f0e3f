#!/bin/bash
# family: variables - values from the job's command line (sbatch job.sh CONFIG SEED) stay live
#SBATCH -J sweep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 3
#SBATCH -t 04:00:00
#SBATCH -A CCR24022

module load cuda/12.2
source $WORK/envs/torch/bin/activate
CONFIG=$1
SEED=${2:-0}
OUT=results
ibrun python train_mlp.py --config $CONFIG --seed $SEED --out $OUT
