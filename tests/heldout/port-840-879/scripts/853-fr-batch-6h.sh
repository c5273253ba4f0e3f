#!/bin/bash
#SBATCH -A CHM201
#SBATCH -J llm-1b
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -t 06:00:00
#SBATCH --network=disable_rdzv_get
#SBATCH -o %x-%j.out

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source activate /lustre/orion/chm201/world-shared/envs/llm

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
export MASTER_PORT=29500

srun -N 8 --ntasks-per-node=8 --gpus-per-node=8 --gpu-bind=closest -c 7 \
    python train_llm.py --global-batch 1024 --micro-batch 4 --save /lustre/orion/chm201/scratch/$USER/ckpt
