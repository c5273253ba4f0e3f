#!/bin/bash
#SBATCH --job-name=dino-gh200
#SBATCH --account=bcrc-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --time=04:00:00
#SBATCH --output=dino_%j.out

module reset
module load python/miniforge3_pytorch/2.10.0

nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "Head node IP: $head_node_ip"

export NCCL_SOCKET_IFNAME=hsn
export OMP_NUM_THREADS=16

srun torchrun \
    --nnodes 2 \
    --nproc_per_node 4 \
    --rdzv_id $RANDOM \
    --rdzv_backend c10d \
    --rdzv_endpoint $head_node_ip:29500 \
    dinov2/train/train.py \
    --config-file dinov2/configs/train/vitl16_short.yaml \
    --output-dir /work/nvme/bcrc/jdoe/dino-out \
    train.dataset_path=ImageNet:split=TRAIN:root=/work/nvme/bcrc/imagenet
