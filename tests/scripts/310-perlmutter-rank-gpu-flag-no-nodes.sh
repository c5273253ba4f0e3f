#!/bin/bash
# family: NERSC's PyTorch examples: no node count (one node), one task per GPU with --gpus-per-task,
# -l -u on srun, the backend and the rank-to-GPU mapping as the program's own flags
#SBATCH -C gpu
#SBATCH -A m5555
#SBATCH -q regular
#SBATCH --cpus-per-task=32
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --exclusive
#SBATCH --time 4:00:00
#SBATCH -J train-pm
#SBATCH -o logs/%x-%j.out
module load pytorch/2.3.1
srun -l -u python train.py -d nccl --rank-gpu "$@"
