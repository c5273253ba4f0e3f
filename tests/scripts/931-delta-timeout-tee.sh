#!/bin/bash
# widen: a timeout prefix that leaves time to save, the output through tee
#SBATCH --job-name=w2v
#SBATCH --account=bghi-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=24:00:00

module load anaconda3_gpu
mkdir -p logs
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
timeout 23h srun python train_wav2vec.py --config configs/base.yaml --max-updates 400000 2>&1 | tee logs/w2v-$SLURM_JOB_ID.log
