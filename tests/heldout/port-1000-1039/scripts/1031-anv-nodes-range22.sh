#!/bin/bash
#SBATCH --job-name=detr
#SBATCH --account=cis240512-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2-2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=20:00:00
#SBATCH --output=detr-%j.out

module load modtree/gpu
module load conda/2025.09
conda activate detr

nodes=( $(scontrol show hostnames $SLURM_JOB_NODELIST) )
head=${nodes[0]}

srun torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint ${head}:29500 \
    main.py --coco_path /anvil/projects/x-cis240512/coco --output_dir /anvil/scratch/$USER/detr \
    --epochs 150 --lr_drop 100
