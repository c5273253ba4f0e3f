#!/bin/bash
#SBATCH --account=m3912_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=06:00:00
#SBATCH --job-name=podman-ddp

# image was pulled once on a login node:  podman-hpc pull nvcr.io/nvidia/pytorch:24.05-py3 && podman-hpc migrate ...
IMG=nvcr.io/nvidia/pytorch:24.05-py3
head_node=$(scontrol show hostnames $SLURM_NODELIST | head -n1)

# one container per node; the container's command is torchrun, which forks 4 workers inside it
srun podman-hpc run --rm --gpu --nccl --shm-size=32g \
    -v $PWD:/workspace -v $SCRATCH/laion-subset:/data -w /workspace \
    $IMG \
    torchrun --nnodes 2 --nproc_per_node 4 \
        --rdzv_backend c10d --rdzv_endpoint ${head_node}:29400 --rdzv_id $SLURM_JOB_ID \
        clip_pretrain.py --train-data /data/shards --batch-size 256 --precision amp_bf16
