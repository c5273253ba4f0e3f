#!/bin/bash
#BSUB -nnodes 2
#BSUB -W 90
#BSUB -G mlgroup
#BSUB -q pbatch
#BSUB -J rl-policy
#BSUB -o rl-policy-%J.out

source ~/.bashrc
conda activate /usr/workspace/jdoe/envs/opence-1.9
module load cuda/11.8.0

# LSB_MCPU_HOSTS = "<launch node> 1 <first compute node> 40 ..."
export MASTER_ADDR=$(echo $LSB_MCPU_HOSTS | cut -d " " -f 3)
export MASTER_PORT=23456
export OMP_NUM_THREADS=10

# one resource set per node, each running a torchrun with 4 workers
jsrun -n 2 -r 1 -a 1 -c 40 -g 4 --bind=none bash -c 'torchrun --nnodes 2 --nproc_per_node 4 --node_rank $OMPI_COMM_WORLD_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT train_ppo.py --env-id HalfCheetah-v4 --total-timesteps 50000000 --seed 1'
