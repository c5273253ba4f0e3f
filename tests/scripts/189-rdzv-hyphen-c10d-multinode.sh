#!/bin/bash
# family: torchrun c10d rendezvous, options spelled with hyphens, one torchrun per node
#SBATCH --job-name=llm
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00
nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
srun torchrun --nnodes 4 --nproc-per-node 4 --rdzv-id $RANDOM --rdzv-backend c10d --rdzv-endpoint $head_node_ip:29500 train.py --model llama
