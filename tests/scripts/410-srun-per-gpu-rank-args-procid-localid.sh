#!/bin/bash
# family: node rank - one task per GPU, the program takes its rank, world size and device from Slurm
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -t 02:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun bash -c 'python train.py --rank $SLURM_PROCID --world-size $SLURM_NTASKS --local-rank $SLURM_LOCALID --dist-url tcp://$MASTER_ADDR:$MASTER_PORT'
