#!/bin/bash
#SBATCH -J smoke-ghdev
#SBATCH -p gh-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:00:00
#SBATCH -A ASC24055

module load gcc cuda python3
source $SCRATCH/venvs/gnn/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
export MASTER_PORT=29500

# global batch grows with the node count (64 per GH200); warmup is fixed
ibrun -np $SLURM_NNODES python train_schnet.py --dataset md17 \
    --global-batch $((SLURM_NNODES*64)) \
    --warmup-steps 500
