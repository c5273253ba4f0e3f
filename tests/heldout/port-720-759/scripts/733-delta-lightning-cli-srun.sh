#!/bin/bash
#SBATCH -A bbjo-delta-gpu
#SBATCH -p gpuA40x4
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=240g
#SBATCH -t 12:00:00
#SBATCH -J lit-cls

module load anaconda3_gpu
conda activate /projects/bbjo/envs/lightning

# Lightning reads SLURM_* itself: one srun task per GPU
srun python lit_classifier.py --trainer.num_nodes 2 --trainer.devices 4 --trainer.strategy ddp --data.batch_size 64
