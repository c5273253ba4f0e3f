#!/bin/bash
# family: the legacy launcher per node with escaped per-task variables in a double-quoted bash -c
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "python -m torch.distributed.launch --nproc_per_node=4 --nnodes=2 --node_rank=\$SLURM_NODEID --master_addr=$MASTER --master_port=12345 main.py --arch resnet50"
