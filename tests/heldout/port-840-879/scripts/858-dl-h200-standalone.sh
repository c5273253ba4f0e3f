#!/bin/bash
#SBATCH --job-name=qwen-sft
#SBATCH --account=bfty-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=24:00:00

module reset
module load pytorch-conda/2.8
source /projects/bfty/venvs/sft/bin/activate

MODEL_DIR=/projects/bfty/models/qwen2-7b
OUT=/work/hdd/bfty/$USER/sft-$SLURM_JOB_ID

torchrun --standalone --nproc_per_node=8 sft.py --model $MODEL_DIR --lr 2e-5 --output $OUT
