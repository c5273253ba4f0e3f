#!/bin/bash
# family: accelerate launch with a config file next to the script that selects FSDP; a partition named "ai" alone does not name the cluster
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --partition=ai
#SBATCH --account=abc123-ai
#SBATCH --time=02:00:00
accelerate launch --config_file accel_fsdp.yaml --num_processes 4 sft.py --model_name meta-llama/Llama-3.2-1B
