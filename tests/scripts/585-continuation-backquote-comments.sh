#!/bin/bash
# family: comments between the continued lines of a long launch, each in a command substitution
# (`# note`): they expand to nothing; OLCF Frontier, one task per GCD
#SBATCH -A CSC123
#SBATCH -J notes
#SBATCH -N 1
#SBATCH -t 01:30:00

module load PrgEnv-gnu rocm/6.0.0
source activate /lustre/orion/csc123/proj-shared/envs/torch
srun -N 1 -n 8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python3 -u train_gnn.py \
    --hidden 256 `# width of every layer` \
    --layers 6 `# message-passing steps` \
    --epochs 50
