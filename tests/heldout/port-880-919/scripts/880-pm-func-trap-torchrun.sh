#!/bin/bash
#SBATCH -A m4431
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 06:00:00
#SBATCH -J vitl-pretrain
#SBATCH -o logs/%x-%j.out

set -euo pipefail

module load pytorch/2.3.1

RUN_DIR=$PSCRATCH/vitl/$SLURM_JOB_ID
mkdir -p "$RUN_DIR/logs"

cleanup() {
    echo "[$(date)] job $SLURM_JOB_ID ending, copying logs home"
    cp -r "$RUN_DIR/logs" "$HOME/vitl-logs/$SLURM_JOB_ID" 2>/dev/null || true
}
trap cleanup EXIT

run_train() {
    local head
    head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
    srun --ntasks-per-node=1 torchrun \
        --nnodes="$SLURM_JOB_NUM_NODES" \
        --nproc_per_node=4 \
        --rdzv_backend=c10d \
        --rdzv_endpoint="${head}:29507" \
        --rdzv_id="$SLURM_JOB_ID" \
        src/pretrain_vit.py --arch vit_large --batch-size 128 --epochs 300 --output "$RUN_DIR"
}

echo "starting on $SLURM_JOB_NUM_NODES nodes: $SLURM_JOB_NODELIST"
run_train
echo "training finished"
