#!/bin/bash
#SBATCH --job-name=seg-ddp
#SBATCH --account=bbjr-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=200g
#SBATCH --time=04:00:00
#SBATCH --constraint="scratch"

module reset
module load anaconda3_gpu
module load nccl
source activate /projects/bbjr/envs/seg

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29400
export CUDA_VISIBLE_DEVICES=0,1     # from the 2-GPU interactive test last week

srun python train_seg.py --epochs 60 --bs 16 --data /scratch/bbjr/cityscapes
