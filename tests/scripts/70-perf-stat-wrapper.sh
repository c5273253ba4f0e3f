#!/bin/bash
# family: wrappers - perf stat with an event list before python, on Anvil
# (https://man7.org/linux/man-pages/man1/perf-stat.1.html)
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A xyz123-gpu
#SBATCH -t 00:20:00
srun perf stat -e cycles,instructions -o perf_%j.txt python bench.py --iters 100
