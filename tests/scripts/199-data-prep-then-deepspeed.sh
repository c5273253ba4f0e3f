#!/bin/bash
# family: multi-step job: tokenise with one task, then DeepSpeed training with a heredoc config
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH -p gh
#SBATCH -A ABC23456
#SBATCH -t 05:00:00
srun -N 1 -n 1 python tokenize_data.py --in raw/ --out tokens/
cat > ds_config.json <<'JSON'
{
  "train_batch_size": 256,
  "zero_optimization": {"stage": 2, "contiguous_gradients": true},
  "fp16": {"enabled": true}
}
JSON
srun python train.py --deepspeed --deepspeed_config ds_config.json --data tokens/
