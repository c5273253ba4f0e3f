#!/bin/bash
#SBATCH -A LRN040
#SBATCH -J megatron-gpt
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu rocm/6.2.4 craype-accel-amd-gfx90a
source activate /lustre/orion/lrn040/proj-shared/envs/megatron

export CUDA_DEVICE_MAX_CONNECTIONS=1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=6000
export NCCL_SOCKET_IFNAME=hsn0

DATA_PREFIX=/lustre/orion/lrn040/proj-shared/data/pile_text_document

GPT_ARGS=(
    --tensor-model-parallel-size 8
    --pipeline-model-parallel-size 2
    --num-layers 32
    --hidden-size 4096
    --num-attention-heads 32
    --seq-length 2048
    --max-position-embeddings 2048
    --micro-batch-size 1
    --global-batch-size 64
    --lr 3e-4
    --train-iters 1000
    --fp16
)
DATA_ARGS=(
    --data-path $DATA_PREFIX
    --vocab-file gpt2-vocab.json
    --merge-file gpt2-merges.txt
)

srun --gpu-bind=closest bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; exec "$@"' _ python pretrain_gpt.py "${GPT_ARGS[@]}" "${DATA_ARGS[@]}"
