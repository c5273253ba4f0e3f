#!/bin/bash
# family: pushd into the project for the launch, popd after it
#SBATCH -N 1
#SBATCH --gres=gpu:4
#SBATCH -t 08:00:00
pushd code/finetune
accelerate launch --multi_gpu --num_processes 4 run_sft.py --epochs 2
popd
echo done
