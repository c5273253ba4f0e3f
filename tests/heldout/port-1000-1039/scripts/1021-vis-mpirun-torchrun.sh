#!/bin/bash
#SBATCH -J vitl-gh
#SBATCH -o vitl.o%j
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 08:00:00
#SBATCH -A CCR25007

module load gcc cuda
module load python3

export MAIN=$(scontrol show hostnames | head -n 1)
export OMP_NUM_THREADS=32

# one GH200 per node: one mpirun rank per node, node rank from Open MPI
mpirun -np 16 --map-by ppr:1:node -x MAIN bash -c 'torchrun --nnodes=16 --nproc_per_node=1 \
    --node_rank=$OMPI_COMM_WORLD_RANK --master_addr=$MAIN --master_port=29500 \
    train.py --model vit_large_patch16_224 --batch-size 256 --epochs 300'
