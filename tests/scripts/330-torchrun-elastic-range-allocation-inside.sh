#!/bin/bash
# family: an elastic torchrun range (--nnodes=2:4) on a 2-node allocation: the job runs on the 2
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=2:4 --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$head:29400 elastic_train.py --max-restarts 3
