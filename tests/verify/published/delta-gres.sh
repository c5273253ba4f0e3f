#!/bin/bash
# cluster: delta
# family: launcher details - Delta A100 partition, --gpus-per-node and --gpu-bind, srun one task per GPU
# modelled on https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/running_jobs.html
#SBATCH --job-name=ddp
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=closest
#SBATCH --mem=208G
#SBATCH --time=02:00:00
module load python/3.11.6
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29400
srun python train.py --dist-backend nccl
