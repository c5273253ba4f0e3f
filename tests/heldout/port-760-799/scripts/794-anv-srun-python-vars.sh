#!/bin/bash
#SBATCH --job-name=detr
#SBATCH --account=cis240511-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=2-00:00:00
#SBATCH --output=/anvil/scratch/x-dkim/detr/%x-%j.out

module load modtree/gpu
module load conda/2024.09
conda activate detr

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=$(( 10000 + SLURM_JOB_ID % 20000 ))
COCO=data/coco
EPOCHS=50

srun python train_detr.py --coco_path $COCO --epochs $EPOCHS --lr_drop 40
