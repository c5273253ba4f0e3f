#!/bin/bash
# shape: `exec` replaces the batch shell with the launch
#SBATCH -J gnn
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 06:00:00
#SBATCH -A ASC24021

module load python3/3.9.7 cuda/12.2
source $SCRATCH/envs/gnn/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
exec ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=3 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29500 train_gnn.py --layers 6'
