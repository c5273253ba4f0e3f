#!/bin/bash
#SBATCH --job-name=wav2vec
#SBATCH --account=ees250017-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --output=/anvil/scratch/x-rsong/w2v/%x-%j.out

module load modtree/gpu
#SBATCH --time=12:00:00
module load conda/2024.09
conda activate speech

torchrun --standalone --nproc_per_node=4 pretrain_wav2vec.py --max-update 400000 --fp16
