#!/bin/bash
#SBATCH --account=m3957_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
#SBATCH --job-name=vit-l16

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn

# one task per GPU: train_vit.py sets RANK/LOCAL_RANK/WORLD_SIZE from SLURM_PROCID/SLURM_LOCALID/SLURM_NTASKS
srun python train_vit.py --model vit_large_patch16_224 --batch-size 64 --data $PSCRATCH/imagenet
