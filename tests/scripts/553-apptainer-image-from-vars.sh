#!/bin/bash
# family: the container image named by variables set earlier (a directory and a file name); the port
# must read the image through them (or name it as not carried), not drop it silently
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=01:00:00
IMG_DIR=/projects/shared/containers
IMG_FILE=ngc-pytorch-24.05.sif
head_ip=$(srun --nodes=1 --ntasks=1 -w "$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)" hostname -I | awk '{print $1}')
srun apptainer exec --nv ${IMG_DIR}/${IMG_FILE} torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint "$head_ip:29500" pretrain.py --steps 500
