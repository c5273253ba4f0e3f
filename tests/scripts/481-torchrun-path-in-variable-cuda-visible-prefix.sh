#!/bin/bash
# family: torchrun named by a path in a variable, an env prefix in front of srun, the head node's IP
# asked of the node with srun hostname --ip-address
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=32
#SBATCH --time=07:00:00
TORCHRUN=$HOME/venvs/lm/bin/torchrun
nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
CUDA_VISIBLE_DEVICES=0,1,2,3 srun $TORCHRUN --nnodes 2 --nproc_per_node 4 --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint $head_node_ip:29500 src/train.py --data data/tok
