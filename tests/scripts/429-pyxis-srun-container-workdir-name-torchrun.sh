#!/bin/bash
# family: Pyxis/enroot - image, mounts, workdir and a named container on the srun line, torchtitan under torchrun
#SBATCH --job-name=titan
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=06:00:00
#SBATCH --exclusive

head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun --container-image=nvcr.io#nvidia/pytorch:24.07-py3 --container-mounts=$PWD:/workspace \
    --container-workdir=/workspace --container-name=titan --no-container-mount-home \
    torchrun --nnodes 4 --nproc_per_node 8 --rdzv_id 101 --rdzv_backend c10d --rdzv_endpoint "$head:29500" \
    train.py --job.config_file ./train_configs/llama3_8b.toml
