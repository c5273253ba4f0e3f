#!/bin/bash
#SBATCH --job-name=swinir
#SBATCH --account=bbrt-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=8
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=10:00:00

module load pytorch-conda/2.4
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export MASTER_PORT=29500

# one rank per GPU; main_train.py maps SLURM_PROCID/SLURM_LOCALID to its ranks
srun python main_train.py --opt options/train_swinir_sr_classical.json --dist
