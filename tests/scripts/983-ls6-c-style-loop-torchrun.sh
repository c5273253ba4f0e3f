#!/bin/bash
# s24: a C-style for loop over repeat indices around torchrun --standalone
#SBATCH -J rep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 03:00:00
#SBATCH -A TRA24001

module load python3/3.9.7 cuda/12.2
for ((rep = 0; rep < 3; rep++)); do
    torchrun --standalone --nproc_per_node=3 train_cnn.py --repeat $rep
done
