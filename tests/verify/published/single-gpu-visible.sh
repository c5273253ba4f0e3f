#!/bin/bash
# cluster: delta
# family: one GPU on purpose - CUDA_VISIBLE_DEVICES=0 with one process
# modelled on https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/running_jobs.html (single GPU jobs)
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --time=00:30:00
export CUDA_VISIBLE_DEVICES=0
python infer.py --model gpt2
