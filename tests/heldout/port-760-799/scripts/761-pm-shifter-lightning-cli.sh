#!/bin/bash
#SBATCH --account=m3792
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=01:30:00
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
#SBATCH --job-name=climax-fit

# Lightning takes its ranks from SLURM_PROCID/SLURM_LOCALID: one task per GPU
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=$(( 15000 + SLURM_JOB_ID % 10000 ))

srun shifter python train_lightning.py fit \
    --trainer.num_nodes 4 \
    --trainer.devices 4 \
    --trainer.strategy ddp \
    --model.lr 1e-4
