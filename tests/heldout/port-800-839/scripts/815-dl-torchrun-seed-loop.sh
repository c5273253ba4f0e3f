#!/bin/bash
#SBATCH --job-name=gnn-seeds
#SBATCH --account=bdgs-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=01:30:00
#SBATCH --output=logs/%x-%j.out

set -euo pipefail
module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)

# three seeds, one after the other, each on both nodes
for SEED in 11 22 33; do
  echo "=== seed $SEED ==="
  srun torchrun --nnodes 2 --nproc_per_node 4 \
       --rdzv_id "${SLURM_JOB_ID}_${SEED}" --rdzv_backend c10d --rdzv_endpoint "$head_ip:29400" \
       train_gnn.py --dataset ogbn-products --seed $SEED --out /scratch/bdgs/$USER/gnn/seed$SEED
done
