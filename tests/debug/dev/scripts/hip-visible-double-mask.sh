#!/bin/bash
#SBATCH --job-name=img-gen
#SBATCH --nodes=1
#SBATCH --gpus=1
#SBATCH --time=01:00:00
source ~/venvs/rocm/bin/activate
# pin the second GPU for this run
export ROCR_VISIBLE_DEVICES=1
export HIP_VISIBLE_DEVICES=1
python launch.py --listen
