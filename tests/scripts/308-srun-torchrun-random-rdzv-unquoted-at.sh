#!/bin/bash
# family: a user's single-GPU job through srun torchrun with a c10d endpoint on the head node's IP,
# $RANDOM as the rendezvous id and the job's arguments forwarded unquoted ($@)
#SBATCH --job-name=babylm
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8
#SBATCH --time=12:00:00
#SBATCH --partition=ampere
nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
port_number=$((29500 + RANDOM % 1000))
srun torchrun \
--nnodes 1 \
--nproc_per_node 1 \
--rdzv_id $RANDOM \
--rdzv_backend c10d \
--rdzv_endpoint $head_node_ip:$port_number \
train.py $@
