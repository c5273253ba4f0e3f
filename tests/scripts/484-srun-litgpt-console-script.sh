#!/bin/bash
# family: a library's console script is the program (litgpt pretrain --config ...), started by srun once
# per GPU; there is no Python file on the line
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=8
#SBATCH --cpus-per-task=12
#SBATCH --time=3-00:00:00
source .venv/bin/activate
srun litgpt pretrain --config config_hub/pretrain/tinyllama.yaml
