#!/bin/bash
# family: --config_file on a torchrun script is the program's own argument (not a launcher config): kept as it was
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m7777_g
#SBATCH --time=04:00:00
srun torchrun --standalone --nproc_per_node=4 train.py --config_file configs/vit_base.yaml --output_dir runs/vit
