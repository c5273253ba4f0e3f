#!/bin/bash
# family: the "head node IP" recipe: the nodes into a bash array, the head's address from a one-task
# srun of `hostname --ip-address`, one torchrun per node with c10d on it and the job id as rdzv id
#SBATCH --job-name=llm-ft
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --mem=0

nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
export OMP_NUM_THREADS=8

srun torchrun \
    --nnodes 2 \
    --nproc_per_node 8 \
    --rdzv_id $SLURM_JOB_ID \
    --rdzv_backend c10d \
    --rdzv_endpoint $head_node_ip:29500 \
    scripts/fine_tune.py --model llama-7b --bf16
