#!/bin/bash
# family: a logging runner function (echo the command, then run "$@") called with the whole launch
# line as its arguments; NCSA Delta
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=200g
#SBATCH --time=04:00:00

module load anaconda3_gpu
run() {
    echo "[$(date +%T)] $*"
    "$@"
}

run srun torchrun --standalone --nproc_per_node=4 train_detr.py --epochs 50 --coco_path data/coco
