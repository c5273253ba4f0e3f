#!/bin/bash
#SBATCH --job-name=gpt-1.3b-megatron
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1          # torchrun spawns the 8 workers itself
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --partition=gpu-h100
#SBATCH --time=23:59:00
#SBATCH --output=logs/%x-%j.out
#SBATCH --error=logs/%x-%j.err
##SBATCH --nodes=16                  # full-size run, not yet
##SBATCH --dependency=afterok:4211876

#==============================================================================
#  GPT 1.3B pretraining with Megatron-LM
#
#  Tensor parallel 2, pipeline parallel 1, data parallel = 32 / 2 = 16.
#  The data was preprocessed with tools/preprocess_data.py into
#  $DATA_ROOT/pile_text_document.{bin,idx}.
#
#  Submit:   sbatch train_gpt_1.3b.sh
#  Monitor:  tail -f logs/gpt-1.3b-megatron-<jobid>.out
#==============================================================================

echo "================================================================"
echo " START TIME : $(date)"
echo " JOB ID     : $SLURM_JOB_ID"
echo " JOB NAME   : $SLURM_JOB_NAME"
echo " NODES      : $SLURM_JOB_NUM_NODES ($SLURM_JOB_NODELIST)"
echo " SUBMIT DIR : $SLURM_SUBMIT_DIR"
echo "================================================================"

set -eo pipefail

#------------------------------------------------------------------------------
# Software environment
#------------------------------------------------------------------------------
module purge
module load cuda/12.4 nccl/2.21.5 gcc/12.2.0
source /shared/apps/miniforge3/etc/profile.d/conda.sh
conda activate megatron

MEGATRON_DIR=/shared/code/Megatron-LM
cd $MEGATRON_DIR
echo "Megatron commit: $(git rev-parse --short HEAD)"

#------------------------------------------------------------------------------
# Cluster / communication settings
#------------------------------------------------------------------------------
export CUDA_DEVICE_MAX_CONNECTIONS=1
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7
export NCCL_IB_GID_INDEX=3
export NCCL_DEBUG=WARN
export OMP_NUM_THREADS=12

#------------------------------------------------------------------------------
# Distributed layout
#------------------------------------------------------------------------------
GPUS_PER_NODE=8
NNODES=$SLURM_NNODES
MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
MASTER_PORT=6000
WORLD_SIZE=$(($GPUS_PER_NODE*$NNODES))

echo "MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT WORLD_SIZE=$WORLD_SIZE"

DISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE \
    --nnodes $NNODES \
    --rdzv_id $SLURM_JOB_ID \
    --rdzv_backend c10d \
    --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT"

#------------------------------------------------------------------------------
# Paths
#------------------------------------------------------------------------------
DATA_ROOT=/shared/data/pile/megatron
DATA_PATH=$DATA_ROOT/pile_text_document
VOCAB_FILE=$DATA_ROOT/gpt2-vocab.json
MERGE_FILE=$DATA_ROOT/gpt2-merges.txt
CHECKPOINT_PATH=/shared/checkpoints/gpt-1.3b
TENSORBOARD_DIR=/shared/tensorboard/gpt-1.3b/$SLURM_JOB_ID
mkdir -p $CHECKPOINT_PATH $TENSORBOARD_DIR

#------------------------------------------------------------------------------
# Model / optimisation
#------------------------------------------------------------------------------
TP=2
PP=1
MICRO_BATCH=4
GLOBAL_BATCH=512
SEQ_LEN=2048

GPT_ARGS="--tensor-model-parallel-size $TP \
    --pipeline-model-parallel-size $PP \
    --sequence-parallel \
    --num-layers 24 \
    --hidden-size 2048 \
    --num-attention-heads 16 \
    --seq-length $SEQ_LEN \
    --max-position-embeddings $SEQ_LEN \
    --micro-batch-size $MICRO_BATCH \
    --global-batch-size $GLOBAL_BATCH \
    --lr 2.0e-4 \
    --min-lr 2.0e-5 \
    --lr-decay-style cosine \
    --lr-warmup-iters 2000 \
    --train-iters 150000 \
    --weight-decay 0.1 \
    --adam-beta1 0.9 \
    --adam-beta2 0.95 \
    --clip-grad 1.0 \
    --bf16 \
    --use-flash-attn"

DATA_ARGS="--data-path $DATA_PATH \
    --vocab-file $VOCAB_FILE \
    --merge-file $MERGE_FILE \
    --split 949,50,1"

OUTPUT_ARGS="--log-interval 10 \
    --save-interval 2000 \
    --eval-interval 1000 \
    --eval-iters 10 \
    --tensorboard-dir $TENSORBOARD_DIR"

#------------------------------------------------------------------------------
# Sanity checks
#------------------------------------------------------------------------------
if [ ! -f "${DATA_PATH}.bin" ]; then
    echo "ERROR: ${DATA_PATH}.bin not found" >&2
    exit 1
fi

if (( WORLD_SIZE % TP != 0 )); then
    echo "ERROR: world size $WORLD_SIZE not divisible by TP=$TP" >&2
    exit 1
fi

srun --ntasks-per-node=1 nvidia-smi --query-gpu=name,memory.total --format=csv,noheader

#------------------------------------------------------------------------------
# Launch: one torchrun per node, c10d rendezvous on the first node
#------------------------------------------------------------------------------
srun --jobid $SLURM_JOB_ID torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    $GPT_ARGS \
    $DATA_ARGS \
    $OUTPUT_ARGS \
    --distributed-backend nccl \
    --save $CHECKPOINT_PATH \
    --load $CHECKPOINT_PATH

echo "================================================================"
echo " END TIME : $(date)"
echo "================================================================"
