#!/bin/bash
# family: a hyper-parameter sweep: one launch line in a for loop
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
for lr in 1e-3 3e-4 1e-4; do
    torchrun --standalone --nproc_per_node=4 train.py --lr ${lr}
done
