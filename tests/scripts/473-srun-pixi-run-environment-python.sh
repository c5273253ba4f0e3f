#!/bin/bash
# family: pixi's named environment (-e cuda) wraps python under srun, one task per GPU on two nodes
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=16
#SBATCH --time=08:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29400
srun pixi run -e cuda python train_unet.py --epochs 40 --amp
