#!/bin/bash
# cluster: frontier
# family: srun one task per GCD, ROCm modules, RCCL over the Slingshot interface
# modelled on https://docs.olcf.ornl.gov/software/python/pytorch_frontier.html
#SBATCH -A BIF123
#SBATCH -J fr-ddp
#SBATCH -p batch
#SBATCH -t 01:30:00
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7
module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
source activate /lustre/orion/bif123/proj-shared/envs/torch
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
srun --gpu-bind=closest python -u train.py --epochs 20
