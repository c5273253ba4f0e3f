#!/bin/bash
# family: DeepSpeed config - a config file next to the script (ds_stage_one_cfg.json, stage 1) read for its stage
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -p GPU
#SBATCH -A cis230077p
#SBATCH -t 01:00:00
srun python finetune.py --deepspeed ds_stage_one_cfg.json --model gpt2
