#!/bin/bash
# family: DeepSpeed config given on the sbatch line ($1): unknown stage
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH -p ghx4
#SBATCH -A bcrd-dtai-gh
#SBATCH -t 01:00:00
DS_CFG=$1
deepspeed --num_gpus 4 run_clm.py --model_name_or_path gpt2 --deepspeed $DS_CFG
