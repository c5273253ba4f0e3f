#!/bin/bash
# family: the older spelling of Fabric's launcher (lightning run model ...) before the training script
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
lightning run model --accelerator=cuda --devices=4 --precision=bf16-mixed train_fabric.py --lr 3e-4
