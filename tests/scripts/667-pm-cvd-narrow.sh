#!/bin/bash
#SBATCH -A m4603_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 05:00:00
#SBATCH -J mae-ft

module load pytorch/2.6.0
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29507
export CUDA_VISIBLE_DEVICES=0,1

srun --cpu-bind=cores bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS python main_finetune.py --model vit_base_patch16 --finetune ckpt/mae_pretrain_vit_base.pth --epochs 100 --data_path $PSCRATCH/imagenet'
