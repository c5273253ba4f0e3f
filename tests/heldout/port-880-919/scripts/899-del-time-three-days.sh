#!/bin/bash
#SBATCH --job-name=protein-diffusion
#SBATCH --account=bbkc-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint=scratch
#SBATCH --time=3-00:00:00
#SBATCH --output=%x-%j.out

module load pytorch-conda/2.8
source /projects/bbkc/$USER/envs/diff/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29600
export NCCL_SOCKET_IFNAME=hsn

srun python train_diffusion.py --config configs/backbone_diff.yaml --epochs 500 --ckpt-dir /scratch/bbkc/$USER/diff-ckpt
