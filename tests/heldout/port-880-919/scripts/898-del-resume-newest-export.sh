#!/bin/bash
#SBATCH -J wav2vec-ft
#SBATCH -A bdfe-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=240g
#SBATCH --constraint=scratch
#SBATCH -t 20:00:00
#SBATCH --requeue
#SBATCH -o w2v-%j.out

module load pytorch-conda/2.8
cd /scratch/bdfe/$USER/w2v || exit 1
[ -d ckpt ] || mkdir -p ckpt

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export MASTER_PORT=$(( 10000 + SLURM_JOB_ID % 50000 ))

ls ckpt/*.pt >/dev/null 2>&1 && echo "resuming from the newest checkpoint" || echo "no checkpoint yet, fresh start"

# an empty --resume means start from scratch
srun --export=ALL,OMP_NUM_THREADS=8,NCCL_SOCKET_IFNAME=hsn python -u finetune_w2v.py \
    --manifest /projects/bdfe/data/librispeech/train-960.tsv \
    --save-dir ckpt \
    --resume "$(ls -t ckpt/*.pt 2>/dev/null | head -1)" \
    --max-update 80000 \
    && touch ckpt/DONE \
    || echo "training stopped early; the requeued job picks up the newest checkpoint"
