#!/bin/bash
#SBATCH -J gh-ddp
#SBATCH -o gh.o%j
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 04:00:00

module load gcc cuda python3
source $SCRATCH/venvs/gh/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
# one GH200 per node: 8 nodes = 8 GPUs
ibrun torchrun --nnodes=8 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 --rdzv_id=$SLURM_JOB_ID train.py --epochs 3 --model resnet50
