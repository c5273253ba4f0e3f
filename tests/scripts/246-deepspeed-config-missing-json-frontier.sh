#!/bin/bash
# family: deepspeed launcher with --deepspeed_config naming a file that is not there: the ZeRO stage is unknown, the argument is kept
#SBATCH -A ABC123
#SBATCH -J ds-pretrain
#SBATCH -N 1
#SBATCH -t 02:00:00
#SBATCH -p batch
module load PrgEnv-gnu rocm/6.0.0
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
deepspeed --num_gpus 8 pretrain.py --deepspeed --deepspeed_config configs/ds_zero_missing.json --micro-batch 4
