#!/bin/bash
# family: nohup-less background launch - one srun step per node started with & and a final wait, each
# node running torchrun with its own node rank from the loop counter
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=10:00:00
nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head=${nodes[0]}
for i in "${!nodes[@]}"; do
    srun -N1 -n1 -w "${nodes[$i]}" torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$i \
        --master_addr=$head --master_port=29500 train.py --bf16 --steps 20000 &
done
wait
