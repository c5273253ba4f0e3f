#!/bin/bash
#SBATCH -A m1759_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 12:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -J unet3d-lightning
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin

# Lightning reads SLURM_PROCID / SLURM_LOCALID / SLURM_NNODES by itself,
# so srun only has to start one process per GPU.

export OMP_NUM_THREADS=8
export WANDB_DIR=$SCRATCH/wandb

DATA=$CFS/m1759/cosmoflow/data

date
srun -l -u shifter python train.py \
    --data_dir $DATA \
    --accelerator gpu \
    --devices 4 \
    --num_nodes 2 \
    --strategy ddp \
    --precision bf16-mixed \
    --max_epochs 50
date
