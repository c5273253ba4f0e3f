#!/bin/bash
# family: Perlmutter's shared QOS, one GPU, Lightning's SIGUSR1 requeue
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -c 32
#SBATCH --gpu-bind=none
#SBATCH -o logs/%x-%j.out
#SBATCH --time=24:00:00
#SBATCH --signal=SIGUSR1@90
#SBATCH --requeue
#SBATCH --gpus-per-task=1
#SBATCH --ntasks-per-node=1
#SBATCH -N 1
#SBATCH -J gpt2-small

mkdir -p logs
module load pytorch/2.3.1
export PYTHONFAULTHANDLER=1

srun python train.py training.batch_size=200 training.block_size=20 compile=True max_epochs=100
