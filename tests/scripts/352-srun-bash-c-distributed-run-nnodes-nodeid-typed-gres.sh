#!/bin/bash
# family: python -m torch.distributed.run once per node inside a single-quoted bash -c, node count and
# node rank from Slurm's variables, the first node as master, GPUs by typed --gres
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:a100:4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29501
srun bash -c 'python -m torch.distributed.run --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT finetune.py --config cfg.yaml'
