#!/bin/bash
#SBATCH -J resnet-chain
#SBATCH -A m3363_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 06:00:00
#SBATCH --dependency=singleton

# Chained run: every job resumes from the last checkpoint and resubmits itself
# until checkpoints/DONE exists. (Used 16 nodes in the 2023 allocation.)
module load conda
conda activate $PSCRATCH/envs/torch23

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

if [ ! -f checkpoints/DONE ]; then
    sbatch --dependency=afterany:$SLURM_JOB_ID "$0"
fi

srun --cpu-bind=cores bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; python train_resnet.py --data $PSCRATCH/imagenet --epochs 90 --resume checkpoints/last.pt'
