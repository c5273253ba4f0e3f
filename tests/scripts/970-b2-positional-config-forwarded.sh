#!/bin/bash
# s24: the config from the submit line ($1) and the rest of its arguments forwarded ("$@")
# submit: sbatch 970-b2-positional-config-forwarded.sh configs/base.yaml --lr 1e-4
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH --ntasks-per-node=4
#SBATCH -t 05:00:00
#SBATCH -A cis240500p

CONFIG=$1
shift
module load anaconda3
conda activate nlp
export MASTER_ADDR=localhost
export MASTER_PORT=29500
srun python train_nmt.py --config "$CONFIG" "$@"
