#!/bin/bash
#SBATCH -J vit-lightning
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 06:00:00
#SBATCH --signal=SIGUSR1@90
#SBATCH --requeue
#SBATCH -o logs/%x-%j.out

# Lightning's SLURMEnvironment takes the ranks from SLURM_PROCID / SLURM_LOCALID, and with
# auto-requeue on it saves a checkpoint and calls scontrol requeue itself when SIGUSR1 arrives.
# So: plain srun, one task per GPU, no torchrun.
module load pytorch/2.3.1
export NCCL_SOCKET_IFNAME=hsn
export OMP_NUM_THREADS=8

cd $SCRATCH/vit-lightning
srun python train.py fit --config configs/vit_b16.yaml --ckpt_path last
