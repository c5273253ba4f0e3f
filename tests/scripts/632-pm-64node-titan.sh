#!/bin/bash
#SBATCH -A m4750_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 64
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH -t 06:00:00
#SBATCH -J llama8b-pretrain
#SBATCH -o %x-%j.out

module load pytorch/2.6.0
export HF_HOME=$PSCRATCH/hf
export NCCL_SOCKET_IFNAME=hsn
head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
CONFIG=configs/llama3_8b_pm.toml
echo "$(date) $SLURM_NNODES nodes, head $head_node"

srun --ntasks-per-node=1 torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint "$head_node:29500" \
    -m titanlite.train --job.config_file $CONFIG --training.steps 40000
