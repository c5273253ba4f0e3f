#!/bin/bash
#SBATCH -A cis240456-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH -t 24:00:00
#SBATCH -J yolo-anvil

module load modtree/gpu
module load conda/2025.09
conda activate yolo

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

# hyper-parameters live in train_args.txt (one sweep point per file)
srun torchrun --nnodes=2 --nproc_per_node=auto \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    detect_train.py --data coco.yaml $(cat train_args.txt)
