#!/bin/bash
#SBATCH --job-name=gnn-ddp
#SBATCH --account=bdoq-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=200g
#SBATCH --time=04:00:00
#PBS -l walltime=04:00:00

module reset
module load pytorch-conda/2.8
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

srun python train_gnn.py --dataset ogbn-products --epochs 50
