#!/bin/bash
# cluster: delta
# family: c10d rendezvous - srun one torchrun per node, rdzv endpoint on the first node
# modelled on https://pytorch.org/tutorials/intermediate/ddp_series_multinode.html (slurm script) and
# https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/running_jobs.html
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=04:00:00
nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
export LOGLEVEL=INFO
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_id $RANDOM --rdzv_backend c10d \
    --rdzv_endpoint $head_node_ip:29500 multinode.py 50 10
