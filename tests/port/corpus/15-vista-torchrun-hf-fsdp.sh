#!/bin/bash
#SBATCH -J qwen-fsdp
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00

module load gcc/15.1.0 cuda/12.9 python3/3.11.8
source /scratch/11111/jdoe/venvs/hf-gh/bin/activate

head_node=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_ADDR=$head_node
export MASTER_PORT=29400
export HF_HOME=/scratch/11111/jdoe/hf
export TOKENIZERS_PARALLELISM=false

ibrun torchrun \
    --nnodes 4 \
    --nproc_per_node 1 \
    --rdzv_backend c10d \
    --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT \
    --rdzv_id qwen-$SLURM_JOB_ID \
    run_clm.py \
    --model_name_or_path Qwen/Qwen2.5-1.5B \
    --dataset_name wikitext \
    --dataset_config_name wikitext-103-raw-v1 \
    --per_device_train_batch_size 8 \
    --block_size 2048 \
    --bf16 \
    --fsdp "full_shard auto_wrap" \
    --fsdp_transformer_layer_cls_to_wrap Qwen2DecoderLayer \
    --do_train \
    --output_dir /scratch/11111/jdoe/qwen-wikitext
