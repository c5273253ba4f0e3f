#!/bin/bash
#SBATCH -J unet-ls6
#SBATCH -o unet.o%j
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 12:00:00

module load cuda/12.2
source $SCRATCH/python-envs/torch/bin/activate

MASTER_NODE=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
# ibrun starts one task per node (-n 4 over -N 4); torchrun starts the 3 GPU workers
ibrun -np 4 torchrun --nnodes=4 --nproc_per_node=3 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_NODE:29500 --rdzv_id=$SLURM_JOB_ID train_unet.py --batch-size 12 --epochs 30
