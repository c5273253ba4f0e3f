#!/bin/bash
# family: LightningCLI: a subcommand (fit) before the options, one task per GPU under srun
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=0-06:00:00
#SBATCH --signal=SIGUSR1@90
srun python main.py fit --config configs/unet.yaml --trainer.num_nodes=2 --trainer.devices=4
