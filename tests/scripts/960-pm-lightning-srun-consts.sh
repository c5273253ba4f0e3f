#!/bin/bash
# s24: Lightning under srun (one task per GPU); the config and epochs in constants the arguments use
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 03:00:00

module load pytorch/2.3.1
MAX_EPOCHS=30
CFG=configs/segformer.yaml
srun python train_seg.py fit --config $CFG --trainer.max_epochs $MAX_EPOCHS --trainer.num_nodes 2 --trainer.devices 4
