#!/bin/bash
# family: the launch line as the batch shell's last act: exec torchrun
#SBATCH --nodes=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=02:00:00
source .venv/bin/activate
exec torchrun --standalone --nproc_per_node=2 finetune.py --lr 2e-5
