#!/bin/bash
# family: node rank - Vista, ibrun starts one task per node, each computes its node rank
#SBATCH -J gh-ddp
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -A TG-CIS654321

module load gcc cuda python3_mpi
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=1 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29500 train.py --amp'
