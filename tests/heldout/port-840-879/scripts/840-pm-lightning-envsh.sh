#!/bin/bash
#SBATCH -J cli-unet
#SBATCH -A m4137
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 06:00:00
#SBATCH -o logs/%x-%j.out

# One Slurm task per GPU; Lightning reads SLURM_PROCID / SLURM_LOCALID by itself.
cd $PSCRATCH/climate-unet
source ./env.sh          # sets DATA_ROOT, WANDB_DIR and PYTHONUSERBASE for this project
module load pytorch/2.3.1

export SLURM_CPU_BIND="cores"
export NCCL_DEBUG=WARN

srun python lit_train.py \
    --trainer.num_nodes 2 \
    --trainer.devices 4 \
    --trainer.max_epochs 40 \
    --data.root $DATA_ROOT
