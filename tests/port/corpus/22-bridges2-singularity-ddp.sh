#!/bin/bash
#SBATCH -J unet-b2
#SBATCH -A cis240011p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=5
#SBATCH -t 12:00:00

set -x
cd /ocean/projects/cis240011p/jdoe/unet

SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=5

# V100: no bf16, so fp16 AMP
srun singularity exec --nv $SIF python train.py --epochs 200 --batch-size 8 --amp fp16 --data /ocean/projects/cis240011p/jdoe/brats2021
