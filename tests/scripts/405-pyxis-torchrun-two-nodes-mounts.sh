#!/bin/bash
# family: Pyxis/enroot - an NGC image for every task, torchrun once per node with c10d
#SBATCH --job-name=ngc-ddp
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --time=04:00:00
#SBATCH --exclusive

IMAGE=nvcr.io#nvidia/pytorch:24.01-py3
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun --container-image="$IMAGE" \
     --container-mounts=/lustre/datasets:/data,"$PWD":/code \
     --container-workdir=/code \
     torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint "$HEAD:29500" \
     train.py --data /data/imagenet --epochs 3
