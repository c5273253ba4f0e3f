#!/bin/bash
#SBATCH --job-name=vqgan-fsdp
#SBATCH --account=bbug-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=240g
#SBATCH --time=16:00:00
#SBATCH --constraint="scratch&projects"

module reset
module load anaconda3_gpu
conda activate /projects/bbug/envs/lightning

export NCCL_SOCKET_IFNAME=hsn
export PYTHONFAULTHANDLER=1

srun python train.py \
  --devices 4 \
  --num_nodes 2 \
  --strategy fsdp \
  --precision bf16-mixed \
  --config configs/vqgan_imagenet_f16_16384.yaml
