#!/bin/bash
#SBATCH -J unet3d-shifter
#SBATCH -A m4178_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 04:00:00
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
#SBATCH -o logs/%x-%j.out

# ranks come from Slurm: train_unet.py reads SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS itself
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29507
export NCCL_DEBUG=WARN

DATA=/pscratch/sd/k/kwalsh/brats2021
mkdir -p logs ckpt

srun --cpu-bind=cores shifter python -u train_unet.py --data-dir $DATA --config configs/unet3d_base.yaml --amp --epochs 60
