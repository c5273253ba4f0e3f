#!/bin/bash
# family: PSC Bridges-2 GPU node (8 V100), DeepSpeed single node, ZeRO-3 config in a heredoc
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 04:00:00
#SBATCH -A abc123456p

module load anaconda3
conda activate ds

cat > ds_config.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 4,
  "zero_optimization": { "stage": 3, "overlap_comm": true },
  "bf16": { "enabled": false },
  "fp16": { "enabled": true }
}
JSON

deepspeed --num_gpus 8 finetune.py --deepspeed ds_config.json --model gpt2-large
