#!/bin/bash
# family: the launcher named by the submitter (sbatch job.sh torchrun cfg.yaml): $1 before the options
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun $1 --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$head_node:29500 train.py --config $2
