#!/bin/bash
# family: the accelerate config path comes from a variable set earlier (the port carries the variable with the config option)
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -p gh
#SBATCH -A TRA24001
#SBATCH -t 01:30:00
ACC_CFG=$WORK/accelerate/single_node.yaml
export HF_HOME=$SCRATCH/hf
accelerate launch --config_file "$ACC_CFG" --num_processes 1 run_clm.py --model_name_or_path gpt2 --do_train
