#!/bin/bash
# family: torchtune with a recipe file of the user's own on two nodes, tune run once per node
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=08:00:00

HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun tune run --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint "$HEAD:29500" \
    recipes/my_full_finetune_distributed.py --config configs/8B_full.yaml
