#!/bin/bash
#SBATCH --job-name=dino-anvil
#SBATCH --account=cis240415-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=16:00:00
#SBATCH --output=/anvil/scratch/x-dinouser/logs/%x-%j.out

set -eo pipefail
trap 'echo "[$(date)] job $SLURM_JOB_ID got SIGTERM"; exit 143' TERM

module load modtree/gpu
module load conda/2025.09
conda activate dinov2

nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "rendezvous at $head_node_ip"

srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint "$head_node_ip:29500" \
    dinov2/train/train.py --config-file dinov2/configs/train/vitl16_short.yaml --output-dir /anvil/scratch/x-dinouser/dino-out
