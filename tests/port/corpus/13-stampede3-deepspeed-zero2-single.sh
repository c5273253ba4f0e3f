#!/bin/bash
#SBATCH -J mistral-lora
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00

set -e
module load python
source activate /work2/10234/jdoe/stampede3/conda/envs/ds

export HF_HOME=$SCRATCH/.cache/huggingface
export WANDB_PROJECT=mistral-lora

cat > ds_zero2.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto",
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 2,
    "allgather_bucket_size": 5e8,
    "reduce_bucket_size": 5e8
  }
}
JSON

deepspeed --num_gpus 4 sft_lora.py \
    --model_name_or_path mistralai/Mistral-7B-v0.1 \
    --data_path data/instructions.jsonl \
    --lora_r 16 \
    --bf16 True \
    --deepspeed ds_zero2.json \
    --output_dir $SCRATCH/mistral-lora 2>&1 | tee train.log
