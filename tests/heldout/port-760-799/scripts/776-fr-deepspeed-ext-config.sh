#!/bin/bash
#SBATCH -A STF218
#SBATCH -J llm-ds
#SBATCH -t 01:30:00
#SBATCH -N 8
#SBATCH -p batch
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=7
#SBATCH --network=disable_rdzv_get
#SBATCH -o /lustre/orion/stf218/scratch/%u/llm/%x-%j.out

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 rccl-net-plugin craype-accel-amd-gfx90a
conda activate /lustre/orion/stf218/world-shared/envs/ds-rocm

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export FI_CXI_RDZV_PROTO=alt_read

# ranks come from the Slurm task ids; the ZeRO settings live in configs/
srun --gpu-bind=closest python train_llm.py \
    --deepspeed --deepspeed_config configs/ds_zero.json --epochs 2 --seq-len 4096
