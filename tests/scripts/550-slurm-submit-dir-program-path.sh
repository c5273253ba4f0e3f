#!/bin/bash
# family: the training program named by the submit directory's variable (${SLURM_SUBMIT_DIR}/x.py),
# as tutorials write it so the job finds its program wherever it starts
#SBATCH --account=bbxy-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=03:00:00
head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d \
    --rdzv_endpoint "$head_node:29500" ${SLURM_SUBMIT_DIR}/multinode_ddp.py 40 5
