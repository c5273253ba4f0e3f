#!/bin/bash
# family: DeepSpeed launcher on one node with --num_gpus and a heredoc config of stage 1
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -p GPU-shared
#SBATCH -A abc123p
#SBATCH -t 02:00:00
#SBATCH --gres=gpu:v100-32:4
cat <<EOT > ds1.json
{
  "train_micro_batch_size_per_gpu": 8,
  "zero_optimization": {"stage": 1},
  "fp16": {"enabled": true}
}
EOT
deepspeed --num_gpus 4 finetune.py --deepspeed_config ds1.json --model bert-base
