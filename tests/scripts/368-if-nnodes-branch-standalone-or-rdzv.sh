#!/bin/bash
# family: one launch for one node and another for several, chosen at run time on SLURM_NNODES
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

if [ "$SLURM_NNODES" -gt 1 ]; then
    HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
    srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node 4 \
        --rdzv_backend c10d --rdzv_endpoint "$HEAD:29500" train.py --cfg base.yaml
else
    torchrun --standalone --nproc_per_node 4 train.py --cfg base.yaml
fi
