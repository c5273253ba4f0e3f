#!/bin/bash
#SBATCH -J cellpose-ft
#SBATCH -o cellpose.o%j
#SBATCH -e cellpose.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 12:00:00
#SBATCH -A ASC24011

module load python3/3.9.7
source $SCRATCH/python-envs/torch/bin/activate
cd /work/07412/jdoe/ls6/cellpose-ft

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12355

# ibrun starts one task per node (-n 2); PMI_RANK is the node rank
ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=3 --node_rank=$PMI_RANK \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    train_cellpose.py --data $SCRATCH/cells --epochs 200'
