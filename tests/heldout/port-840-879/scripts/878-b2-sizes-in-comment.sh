#!/bin/bash
#SBATCH -p GPU
#SBATCH -A cis230051p
#SBATCH -J moco
#
# sizes are given at submit time:
#   sbatch -N 4 --gpus=v100-32:32 -t 24:00:00 moco.sbatch

module load AI/pytorch_23.02-1.13.1-py3
cd /ocean/projects/cis230051p/$USER/moco

MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun --ntasks-per-node=1 torchrun --nnodes $SLURM_NNODES --nproc_per_node 8 \
    --rdzv_backend c10d --rdzv_endpoint $MASTER:29500 --rdzv_id $SLURM_JOB_ID \
    main_moco.py --data /ocean/datasets/community/imagenet --epochs 200 --moco-k 65536
