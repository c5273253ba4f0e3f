#!/bin/bash
#SBATCH --account=bcjw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=10:00:00
#SBATCH --job-name=gpt-tp4

module reset
module load python/miniforge3_pytorch/2.7.0
export CUDA_DEVICE_MAX_CONNECTIONS=1
export NCCL_SOCKET_IFNAME=hsn

TP=${TP:-4}
PP=${PP:-1}
DATA_PATH=/work/nvme/bcjw/data/owt_text_document
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
DISTRIBUTED_ARGS="--nproc_per_node 4 --nnodes 2 --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:6000"

srun --ntasks-per-node=1 torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    --tensor-model-parallel-size $TP \
    --pipeline-model-parallel-size $PP \
    --num-layers 24 \
    --hidden-size 2048 \
    --num-attention-heads 16 \
    --seq-length 2048 \
    --max-position-embeddings 2048 \
    --micro-batch-size 2 \
    --global-batch-size 128 \
    --train-iters 5000 \
    --bf16 \
    --data-path $DATA_PATH
