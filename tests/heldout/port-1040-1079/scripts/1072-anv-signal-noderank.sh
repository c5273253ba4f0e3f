#!/bin/bash
#SBATCH -A cis250410-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH -t 36:00:00
#SBATCH --signal=B:USR1@300
#SBATCH --requeue
#SBATCH -J flowmatch
#SBATCH -o flowmatch-%j.out
#SBATCH --open-mode=append

module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-cis250410/envs/fm

MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
CKPT=/anvil/scratch/$USER/fm/ckpt

on_usr1() {
    echo "[$(date +%T)] USR1: five minutes left, saving and requeueing $SLURM_JOB_ID"
    kill -TERM "$TRAIN_PID" 2>/dev/null      # the trainer writes a checkpoint on SIGTERM
    wait "$TRAIN_PID"
    scontrol requeue "$SLURM_JOB_ID"
}
trap on_usr1 USR1

srun bash -c "python -m torch.distributed.run --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=\$SLURM_NODEID --master_addr=$MASTER --master_port=29500 train_flowmatch.py --config configs/fm_imagenet256.yaml --ckpt_dir $CKPT --auto_resume" &
TRAIN_PID=$!
wait "$TRAIN_PID"
