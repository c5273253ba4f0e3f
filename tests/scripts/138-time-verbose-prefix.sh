#!/bin/bash
# family: /usr/bin/time -v before the launcher (a prefix word with its own flag)
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 30
/usr/bin/time -v torchrun --standalone --nproc_per_node=4 bench.py --iters 100
