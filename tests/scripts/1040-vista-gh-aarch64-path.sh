#!/bin/bash
# family: cluster inference - a queue only one known system has (gh) and the CPU architecture a path names:
# the queue alone is not proof (other centres name Grace Hopper queues gh); the architecture agrees
#SBATCH -J ft
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 08:00:00
export PATH=$WORK/miniforge3-aarch64/bin:$PATH
export MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes=4 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=$MAIN:29400 finetune.py --bf16 --epochs 2
