#!/bin/bash
# family: launcher details - torchrun accepts unambiguous option prefixes (argparse): --nproc_per_nod
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA40x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 01:00:00
srun torchrun --standalone --nproc_per_nod=4 train.py --bs 32
