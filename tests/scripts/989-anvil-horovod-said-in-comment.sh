#!/bin/bash
# family: Horovod said only in the script's own words (a comment and the environment's name); the program
# is not beside the script; srun starts one task per GPU and hvd.init() reads the MPI rank
#SBATCH --job-name=hvd-bert
#SBATCH --account=cis250123-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00

module load modtree/gpu
module load conda/2024.09
conda activate /anvil/projects/x-cis250123/envs/hvd_torch2

# Horovod: each task pins its GPU with hvd.local_rank()
srun --mpi=pmi2 python bert_squad.py --epochs 2 --batch-size 24 --fp16
