#!/bin/bash
# family: micromamba run -p PREFIX wraps torchrun, one torchrun per node under srun, c10d rendezvous
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=05:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun micromamba run -p "$HOME"/envs/t24 torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$HEAD":29500 finetune.py --epochs 2
