#!/bin/bash -l
#PBS -N mds-gpt-6p7b
#PBS -A LLMscaling
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:30:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

set -eo pipefail
cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base

MDS=/eagle/LLMscaling/Megatron-DeepSpeed
DATA_PATH=/eagle/LLMscaling/data/books_text_document
TP=4
PP=2
MBS=2
GBS=640
NNODES=$(sort -u "$PBS_NODEFILE" | wc -l)
NGPU_PER_NODE=4
WORLD=$(( NNODES * NGPU_PER_NODE ))

cat > ds_config.json <<EOF
{
  "train_micro_batch_size_per_gpu": $MBS,
  "train_batch_size": $GBS,
  "gradient_clipping": 1.0,
  "zero_optimization": { "stage": 1 },
  "bf16": { "enabled": true },
  "steps_per_print": 10,
  "wall_clock_breakdown": false
}
EOF

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29600

mpiexec -n "$WORLD" --ppn "$NGPU_PER_NODE" --cpu-bind depth -d 8 \
  python "$MDS/pretrain_gpt.py" \
    --tensor-model-parallel-size $TP \
    --pipeline-model-parallel-size $PP \
    --num-layers 32 --hidden-size 4096 --num-attention-heads 32 \
    --seq-length 2048 --max-position-embeddings 2048 \
    --micro-batch-size $MBS --global-batch-size $GBS \
    --train-iters 50000 --lr 1.2e-4 --lr-decay-style cosine --bf16 \
    --data-path $DATA_PATH --vocab-file $MDS/dataset/gpt2-vocab.json --merge-file $MDS/dataset/gpt2-merges.txt \
    --deepspeed --deepspeed_config ds_config.json --zero-stage 1 \
    --deepspeed-activation-checkpointing --checkpoint-activations \
    --save /eagle/LLMscaling/ckpt/gpt-6p7b --load /eagle/LLMscaling/ckpt/gpt-6p7b
