#!/bin/bash
#SBATCH --job-name=wav2vec-ft
#SBATCH --account=bbjr-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=0
#SBATCH --exclusive

module reset
#SBATCH --time=10:00:00
module load pytorch-conda/2.8

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29531
export NCCL_SOCKET_IFNAME=hsn

srun python finetune_w2v.py --manifest /work/hdd/bbjr/$USER/librispeech/train.tsv --max-updates 80000 --lr 5e-5
