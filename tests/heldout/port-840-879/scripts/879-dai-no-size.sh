#!/bin/bash
#SBATCH --account=bdqf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --job-name=scaling-probe
#
# Node count, GPUs and time come from the sbatch command line, one submission per
# point of the scaling study; nothing in here assumes a size.

module reset
module load python/miniforge3_pytorch/2.7.0

head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun --ntasks-per-node=1 torchrun \
    --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$head:29500 --rdzv_id=$SLURM_JOB_ID \
    probe.py --steps 200 --log-dir /work/nvme/bdqf/$USER/scaling
