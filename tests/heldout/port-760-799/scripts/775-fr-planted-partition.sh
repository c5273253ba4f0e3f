#!/bin/bash
#SBATCH -A BIO221
#SBATCH -J esm-ft
#SBATCH -t 01:00:00
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7
#SBATCH -o /lustre/orion/bio221/scratch/%u/esm-%j.out

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source activate /lustre/orion/bio221/proj-shared/envs/esm

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn0

srun --gpu-bind=closest python finetune_esm.py --model esm2_t33_650M --epochs 8
