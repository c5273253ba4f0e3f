#!/bin/bash
# family: attached short options (-qinferno, -N2, -oFILE), a typed --gpus-per-node with the type in
# capitals and a continuation whose last line is a commented-out option
#SBATCH -J ddpm-train
#SBATCH -A gts-lab42
#SBATCH -qinferno
#SBATCH -N2 --gpus-per-node=A100:2 -C A100-40GB
#SBATCH --ntasks-per-node=2
#SBATCH --mem-per-gpu=32G
#SBATCH -t 00:45:00
#SBATCH -oReport-%j.out
module load anaconda3/2023.03
conda activate ddpm
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=$((10000 + RANDOM % 20000))
srun python ddpm_train.py \
    --data "$SCRATCH/cubes/set-a.h5" \
    --per-gpu-batch 4 \
    --grad-accum 16 \
    #--resume runs/last
