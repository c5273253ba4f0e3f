#!/bin/bash
# family: TACC Stampede3 H100 nodes, ibrun one task per node running torchrun with the node rank
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:00:00
#SBATCH -A TRA24001

module load python/3.10
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train.py --amp'
