#!/bin/bash
#SBATCH -A cis250113-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH -t 16:00:00
#SBATCH -J bevfusion
#SBATCH -o %x.%j.out

module load modtree/gpu
module load conda/2025.09
conda activate bevfusion

HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

TRAIN_ARGS=(
    # model + data
    configs/nuscenes/det/bevfusion_lidar_cam.yaml
    --data-root /anvil/projects/x-cis250113/nuscenes
    # optimisation
    --max-epochs 24
    --lr 2e-4
    # logging
    --run-dir /anvil/scratch/x-jkim/bev_runs/$SLURM_JOB_ID
)

srun --kill-on-bad-exit=1 torchrun \
    --nnodes=2 --nproc_per_node=4 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29477 \
    tools/train_bev.py "${TRAIN_ARGS[@]}"
