#!/bin/bash
#SBATCH -A CSC612
#SBATCH -J gpt13b-tp4pp4
#SBATCH -o logs/%x-%j.o
#SBATCH -e logs/%x-%j.e
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 16

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/csc612/world-shared/envs/megatron-rocm
export LD_LIBRARY_PATH=$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=6000
export CUDA_DEVICE_MAX_CONNECTIONS=1
export OMP_NUM_THREADS=7

TP=4
PP=4
MBS=2
GBS=1024
DATA_PATH=/lustre/orion/csc612/proj-shared/slimpajama/sp_text_document
GPT_ARGS="--num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 2048 --max-position-embeddings 2048"
mkdir -p logs

srun -N 16 -n 128 -c 7 --gpus-per-task=1 --gpu-bind=closest \
  python pretrain_gpt.py \
    --tensor-model-parallel-size $TP \
    --pipeline-model-parallel-size $PP \
    $GPT_ARGS \
    --micro-batch-size $MBS --global-batch-size $GBS \
    --data-path $DATA_PATH \
    --tokenizer-type GPT2BPETokenizer --vocab-file gpt2-vocab.json --merge-file gpt2-merges.txt \
    --bf16
