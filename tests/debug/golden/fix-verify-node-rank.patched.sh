#!/bin/bash
#SBATCH --job-name=ddp_cpu_test
#SBATCH --account=cis230001
#SBATCH --partition=wholenode
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --time=00:30:00

# Adapted from maple's anvil-pytorch-ddp template to test the launch on CPU nodes before asking for GPUs.

module load modtree/cpu
module load conda/2025.09
conda activate "$PROJECT/envs/torch-cpu"

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun -N 2 -n 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank="$SLURM_NODEID" --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py --backend gloo --epochs 1'
