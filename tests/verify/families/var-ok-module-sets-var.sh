#!/bin/bash
# cluster: anvil
# absent: variable-unset
# no-errors
#SBATCH -A cis230000-ai
#SBATCH -p ai
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 08:00:00
module load modtree/gpu
module load ngc
# the ngc module sets NGC_IMAGE_DIR to where RCAC keeps the NGC images
SIF=$NGC_IMAGE_DIR/pytorch_24.03-py3.sif
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun singularity exec --nv $SIF torchrun --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 finetune.py --epochs 2
