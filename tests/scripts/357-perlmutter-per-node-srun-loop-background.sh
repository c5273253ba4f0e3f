#!/bin/bash
# family: one srun per node in a loop, each in the background with its node rank, then wait
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00

nodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
head=${nodes[0]}
for i in "${!nodes[@]}"; do
    srun -N1 -n1 -w "${nodes[$i]}" torchrun --nnodes 2 --nproc_per_node 4 \
        --node_rank "$i" --master_addr "$head" --master_port 29500 \
        train.py --epochs 10 &
done
wait
