#!/bin/bash
#SBATCH --job-name=moe-h200
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=16:00:00

module reset
module load pytorch-conda/2.8
export OMP_NUM_THREADS=12
srun torchrun --nnodes=1 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=localhost:29500 \
    train_moe.py --experts 8 --top-k 2 --tokens 20B
