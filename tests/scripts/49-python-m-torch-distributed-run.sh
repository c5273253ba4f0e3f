#!/bin/bash
# family: launcher details - python -m torch.distributed.run (the module form of torchrun)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -p GPU
#SBATCH -A cis230000p
#SBATCH -t 03:00:00
HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun python -m torch.distributed.run --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 train.py
