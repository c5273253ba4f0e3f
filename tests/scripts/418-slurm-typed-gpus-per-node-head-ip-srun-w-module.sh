#!/usr/bin/bash
# family: --gpus-per-node=TYPE:N, the head node's address from a one-task srun -w, c10d with $RANDOM id
#SBATCH -J gpt-pretrain
#SBATCH --nodes=4
#SBATCH --gpus-per-node=A100:4
#SBATCH -t 40:00:00
#SBATCH -o log/%A/out.log

nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
export LOGLEVEL=INFO
mkdir -p log/$SLURM_JOB_ID

srun torchrun --nnodes=4 --nproc_per_node=4 --rdzv-backend=c10d --rdzv-id=$RANDOM --rdzv-endpoint=$head_node_ip:28052 \
    -m gpt.train --config configs/small.yaml
