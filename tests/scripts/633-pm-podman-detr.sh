#!/bin/bash
#SBATCH -A m3512_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00
#SBATCH -J podman-detr

# image pulled and migrated beforehand: podman-hpc pull docker.io/mylab/detr:2.1
podman-hpc images | grep -q detr || echo "WARNING: detr image not migrated"
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500

srun podman-hpc run --rm --gpu --nccl \
    -e MASTER_ADDR -e MASTER_PORT -e SLURM_PROCID -e SLURM_LOCALID -e SLURM_NTASKS \
    -v $PSCRATCH/coco:/data -v $PWD:/workspace -w /workspace \
    docker.io/mylab/detr:2.1 python detr_main.py --coco_path /data --epochs 50 --batch_size 4
