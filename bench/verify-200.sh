#!/bin/bash
# bench/verify-200.sh - a 200-line Perlmutter DeepSpeed job script (long set-up, a heredoc config,
# pre-flight checks) that bench/run.sh reads and verifies; it verifies clean.
#SBATCH --job-name=gpt-neo-2.7b-z2
#SBATCH --account=m4138_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=18:00:00
#SBATCH --output=logs/%x-%j.out
#SBATCH --error=logs/%x-%j.err
#SBATCH --signal=B:USR1@300
#SBATCH --requeue
#SBATCH --mail-type=END,FAIL

###############################################################################
# GPT-Neo 2.7B continued pretraining on a Pile subset with DeepSpeed ZeRO-2.
#
#   8 nodes x 4 A100 = 32 ranks, one srun task per GPU.
#
# Usage:   sbatch pretrain_neo.sh
# Resume:  just resubmit; pretrain_neo.py picks up the newest checkpoint
#          in $CKPT_DIR by itself (--auto-resume).
#
# History:
#   2024-03-02  moved from 4 to 8 nodes, micro batch 8 -> 4
#   2024-03-10  bf16 instead of fp16 (loss spikes with fp16)
#   2024-03-18  requeue on USR1 so the 18 h limit does not lose work
###############################################################################

set -eo pipefail

echo "==================== job info ===================="
echo "job id        : $SLURM_JOB_ID"
echo "job name      : $SLURM_JOB_NAME"
echo "nodes         : $SLURM_JOB_NUM_NODES"
echo "node list     : $SLURM_JOB_NODELIST"
echo "tasks         : $SLURM_NTASKS"
echo "restart count : ${SLURM_RESTART_COUNT:-0}"
echo "submit dir    : $SLURM_SUBMIT_DIR"
echo "start         : $(date)"
echo "=================================================="

cd $SLURM_SUBMIT_DIR

# -----------------------------------------------------------------------------
# software
# -----------------------------------------------------------------------------
module load pytorch/2.3.1
# venv on top of the module, with deepspeed 0.14 and our own package
source $HOME/venvs/neo-ds/bin/activate
module list 2>&1
python -c "import torch, deepspeed; print('torch', torch.__version__, '| deepspeed', deepspeed.__version__)"

# -----------------------------------------------------------------------------
# paths
# -----------------------------------------------------------------------------
PROJECT_DIR=/global/cfs/cdirs/m4138/neo
DATA_DIR=$PSCRATCH/pile/tokenized
CKPT_DIR=$PSCRATCH/ckpt/neo-2.7b-z2
LOG_DIR=$SLURM_SUBMIT_DIR/logs
mkdir -p "$CKPT_DIR" "$LOG_DIR"

if [ ! -d "$DATA_DIR" ]; then
    echo "staging data from $PROJECT_DIR to $DATA_DIR"
    mkdir -p "$DATA_DIR"
    cp -r $PROJECT_DIR/tokenized/* "$DATA_DIR"/
fi

# -----------------------------------------------------------------------------
# application settings
# -----------------------------------------------------------------------------
export HF_HOME=$PSCRATCH/hf_home
export HF_DATASETS_CACHE=$PSCRATCH/hf_home/datasets
export WANDB_PROJECT=neo-pile
export WANDB_RUN_GROUP=neo-2.7b-z2
export WANDB_DIR=$PSCRATCH/wandb
export OMP_NUM_THREADS=8
export PYTHONUNBUFFERED=1

# -----------------------------------------------------------------------------
# communication (Slingshot-11)
# -----------------------------------------------------------------------------
export NCCL_SOCKET_IFNAME=hsn
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_DEBUG=WARN
export FI_MR_CACHE_MONITOR=userfaultfd
# match the default CPU affinity of the local tasks
export CUDA_VISIBLE_DEVICES=3,2,1,0

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
echo "master: $MASTER_ADDR:$MASTER_PORT"

# -----------------------------------------------------------------------------
# DeepSpeed config
# -----------------------------------------------------------------------------
ZERO_STAGE=2
MICRO_BATCH=4
GRAD_ACCUM=4
GLOBAL_BATCH=$(( MICRO_BATCH * GRAD_ACCUM * SLURM_NTASKS ))
LR=1.6e-4

DS_CONFIG=$SLURM_SUBMIT_DIR/ds_config_${SLURM_JOB_ID}.json
cat > "$DS_CONFIG" <<EOF
{
  "train_batch_size": $GLOBAL_BATCH,
  "train_micro_batch_size_per_gpu": $MICRO_BATCH,
  "gradient_accumulation_steps": $GRAD_ACCUM,
  "gradient_clipping": 1.0,
  "bf16": { "enabled": true },
  "zero_optimization": {
    "stage": $ZERO_STAGE,
    "allgather_partitions": true,
    "reduce_scatter": true,
    "overlap_comm": true,
    "contiguous_gradients": true
  },
  "steps_per_print": 50,
  "wall_clock_breakdown": false
}
EOF
echo "DeepSpeed config written to $DS_CONFIG:"
cat "$DS_CONFIG"

# -----------------------------------------------------------------------------
# requeue when slurm warns us 5 minutes before the time limit
# -----------------------------------------------------------------------------
requeue_job() {
SHARD_DIR=$SLURM_SUBMIT_DIR/shards
# pre-flight check 1: the data shard is in place
echo "pre-flight check 1" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_01" ] || mkdir -p "$SHARD_DIR/shard_01"
# pre-flight check 2: the data shard is in place
echo "pre-flight check 2" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_02" ] || mkdir -p "$SHARD_DIR/shard_02"
# pre-flight check 3: the data shard is in place
echo "pre-flight check 3" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_03" ] || mkdir -p "$SHARD_DIR/shard_03"
# pre-flight check 4: the data shard is in place
echo "pre-flight check 4" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_04" ] || mkdir -p "$SHARD_DIR/shard_04"
# pre-flight check 5: the data shard is in place
echo "pre-flight check 5" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_05" ] || mkdir -p "$SHARD_DIR/shard_05"
# pre-flight check 6: the data shard is in place
echo "pre-flight check 6" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_06" ] || mkdir -p "$SHARD_DIR/shard_06"
# pre-flight check 7: the data shard is in place
echo "pre-flight check 7" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_07" ] || mkdir -p "$SHARD_DIR/shard_07"
# pre-flight check 8: the data shard is in place
echo "pre-flight check 8" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_08" ] || mkdir -p "$SHARD_DIR/shard_08"
# pre-flight check 9: the data shard is in place
echo "pre-flight check 9" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_09" ] || mkdir -p "$SHARD_DIR/shard_09"
# pre-flight check 10: the data shard is in place
echo "pre-flight check 10" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_10" ] || mkdir -p "$SHARD_DIR/shard_10"
# pre-flight check 11: the data shard is in place
echo "pre-flight check 11" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_11" ] || mkdir -p "$SHARD_DIR/shard_11"
# pre-flight check 12: the data shard is in place
echo "pre-flight check 12" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_12" ] || mkdir -p "$SHARD_DIR/shard_12"
# pre-flight check 13: the data shard is in place
echo "pre-flight check 13" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_13" ] || mkdir -p "$SHARD_DIR/shard_13"
# pre-flight check 14: the data shard is in place
echo "pre-flight check 14" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_14" ] || mkdir -p "$SHARD_DIR/shard_14"
# pre-flight check 15: the data shard is in place
echo "pre-flight check 15" >> "$LOG_DIR/preflight.log"
[ -d "$SHARD_DIR/shard_15" ] || mkdir -p "$SHARD_DIR/shard_15"
    echo "$(date): caught USR1, requeueing job $SLURM_JOB_ID"
    scontrol requeue $SLURM_JOB_ID
}
trap requeue_job USR1

# -----------------------------------------------------------------------------
# launch: 32 tasks, one per GPU
# -----------------------------------------------------------------------------
srun --cpu-bind=cores bash -c "
  export RANK=\$SLURM_PROCID LOCAL_RANK=\$SLURM_LOCALID WORLD_SIZE=\$SLURM_NTASKS
  python -u pretrain_neo.py \
    --model EleutherAI/gpt-neo-2.7B \
    --data-dir $DATA_DIR \
    --save-dir $CKPT_DIR \
    --lr $LR \
    --zero-stage $ZERO_STAGE \
    --auto-resume \
    --deepspeed \
    --deepspeed_config $DS_CONFIG
" &
wait

echo "finished: $(date)"
