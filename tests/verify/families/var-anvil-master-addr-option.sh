#!/bin/bash
# cluster: anvil
# expect: variable-unset error srun bash
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load modtree/gpu
module load learning/conda-2020.11-py38-gpu
master=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\$SLURM_NODEID --master_addr=$MASTER --master_port=29500 train.py"
