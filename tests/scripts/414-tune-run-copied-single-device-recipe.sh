#!/bin/bash
# family: torchtune - a single-device recipe copied with `tune cp` and edited, run from its file on one GPU
#SBATCH -N 1
#SBATCH -n 1
#SBATCH --gpus-per-node=1
#SBATCH -t 01:00:00

tune run ./my_lora_finetune_single_device.py --config ./my_1B_lora_single_device.yaml max_steps_per_epoch=200
