#!/bin/bash
#SBATCH --job-name=stylegan-ffhq
#SBATCH --account=cis240111-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=2-00:00:00

# moved over from Delta in March; the first module line is a leftover from there
module load anaconda3_gpu
module load modtree/gpu
module load conda/2024.02
conda activate /anvil/projects/x-cis240111/envs/gan

# old (Delta): DATA=/projects/bbka/ffhq
DATA=/anvil/projects/x-cis240111/data/ffhq

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_gan.py --data $DATA --kimg 25000 --outdir /anvil/scratch/x-lwu/gan-runs
