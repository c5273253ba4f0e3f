#!/bin/bash
# family: a heterogeneous job whose components are replicas of one program (torchx's Slurm scheduler
# writes one component per replica, options on one #SBATCH line, and one srun with the replicas'
# commands joined by ':'): one distributed job over the components' nodes; NCSA Delta
#SBATCH --job-name=trainer-0 --account=bbka-delta-gpu --partition=gpuA100x4 --nodes=1 --ntasks-per-node=1 --gpus-per-node=4 --cpus-per-task=64 --time=120
#SBATCH hetjob
#SBATCH --job-name=trainer-1 --account=bbka-delta-gpu --partition=gpuA100x4 --nodes=1 --ntasks-per-node=1 --gpus-per-node=4 --cpus-per-task=64 --time=120
#SBATCH hetjob
#SBATCH --job-name=trainer-2 --account=bbka-delta-gpu --partition=gpuA100x4 --nodes=1 --ntasks-per-node=1 --gpus-per-node=4 --cpus-per-task=64 --time=120

set -e
export PYTHONUNBUFFERED=1
srun --output=r0.out torchrun --rdzv_backend c10d --rdzv_endpoint "$SLURM_JOB_NODELIST_HET_GROUP_0":29500 --nnodes 3 --nproc_per_node 4 train_cls.py --epochs 12 : --output=r1.out torchrun --rdzv_backend c10d --rdzv_endpoint "$SLURM_JOB_NODELIST_HET_GROUP_0":29500 --nnodes 3 --nproc_per_node 4 train_cls.py --epochs 12 : --output=r2.out torchrun --rdzv_backend c10d --rdzv_endpoint "$SLURM_JOB_NODELIST_HET_GROUP_0":29500 --nnodes 3 --nproc_per_node 4 train_cls.py --epochs 12
