#!/bin/bash
#SBATCH -A LRN040
#SBATCH -J megads-1p3b
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -t 06:00:00
#SBATCH -o %x-%j.out
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/lrn040/world-shared/envs/megads

export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export FI_CXI_RDZV_PROTO=alt_read
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export CUDA_DEVICE_MAX_CONNECTIONS=1
DATA=/lustre/orion/lrn040/world-shared/pile

cat > ds_config.json <<'JSON'
{
  "train_batch_size": 512,
  "train_micro_batch_size_per_gpu": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 1},
  "gradient_clipping": 1.0
}
JSON

srun -N8 -n64 --ntasks-per-node=8 --gpus-per-node=8 -c7 python3 pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 1 \
    --num-layers 24 --hidden-size 2048 --num-attention-heads 16 \
    --seq-length 2048 --max-position-embeddings 2048 \
    --micro-batch-size 4 --global-batch-size 512 \
    --lr 2.0e-4 --min-lr 2.0e-5 --lr-decay-style cosine --train-iters 50000 \
    --data-path $DATA/pile_text_document --vocab-file gpt2-vocab.json --merge-file gpt2-merges.txt \
    --bf16 --zero-stage 1 --deepspeed --deepspeed_config ds_config.json \
    --no-masked-softmax-fusion
