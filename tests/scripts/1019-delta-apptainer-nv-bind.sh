#!/bin/bash
#SBATCH --account=bbjo-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=06:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29400
IMG=/projects/bbjo/containers/pytorch_24.05.sif

srun apptainer exec --nv --bind /projects/bbjo:/projects/bbjo,/tmp:/tmp "$IMG" \
    python train_swin.py --data /projects/bbjo/imagenet --epochs 300 --batch-size 128
