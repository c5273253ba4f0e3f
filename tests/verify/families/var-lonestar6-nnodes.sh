#!/bin/bash
# cluster: lonestar6
# expect: variable-unset error NNODES=
#SBATCH -A TG-ABC12345
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
module load cuda/12.2
source $WORK/venvs/torch/bin/activate
NUMNODES=$SLURM_NNODES
NNODES=$NUM_NODES
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=$NNODES --nproc_per_node=3 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train.py
