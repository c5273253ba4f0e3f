#!/bin/bash
# family: wrappers - apptainer exec --nv IMAGE torchrun (https://docs.tacc.utexas.edu/software/containers/)
#SBATCH -J cont
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
#SBATCH -A TRA12345
module load tacc-apptainer
HEAD=$(scontrol show hostnames | head -1)
ibrun apptainer exec --nv --bind /scratch pytorch_24.sif torchrun --nnodes 2 --nproc_per_node 3 \
    --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 train_gpt2.py --batch 12
