#!/bin/bash
# family: Lightning with Hydra overrides, srun one task per GPU on 8-GPU nodes
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=12
#SBATCH --time=24:00:00
#SBATCH --signal=SIGUSR1@90
srun python src/train.py trainer=ddp trainer.devices=8 trainer.num_nodes=2 experiment=vit_base
