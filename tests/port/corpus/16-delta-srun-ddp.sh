#!/bin/bash
#SBATCH --job-name=mae-pretrain
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=closest
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=2-00:00:00
#SBATCH --output=mae.%j.out

module reset
module load anaconda3_gpu
module load nccl
module list

source activate mae

export NCCL_SOCKET_IFNAME=hsn
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

echo "job is starting on `hostname`"
# main_pretrain.py reads SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS itself
srun python3 main_pretrain.py \
    --batch_size 64 \
    --model mae_vit_large_patch16 \
    --norm_pix_loss \
    --mask_ratio 0.75 \
    --epochs 800 \
    --blr 1.5e-4 --weight_decay 0.05 \
    --data_path /scratch/bbka/imagenet
