#!/bin/bash
#SBATCH --gres=gpu:h100:4
#SBATCH --cpus-per-task=48
#SBATCH --mem=300G
export CUDA_VISIBLE_DEVICES="$SLURM_JOB_GPUS"
echo "CUDA_VISIBLE_DEVICES: $CUDA_VISIBLE_DEVICES"
deepspeed --num_gpus 4 train.py --deepspeed ds_config.json
