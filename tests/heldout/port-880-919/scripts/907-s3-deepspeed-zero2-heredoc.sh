#!/bin/bash
#SBATCH -J ds-flan
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 06:00:00
#SBATCH -o ds-flan.%j.out

module load python
source /scratch/10211/pwang/venvs/ds/bin/activate

cat > ds_zero2.json << 'JSON'
{
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "none"}},
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
JSON

deepspeed --num_gpus 4 run_summarization.py \
    --deepspeed ds_zero2.json \
    --model_name_or_path google/flan-t5-xl \
    --dataset_name cnn_dailymail --dataset_config "3.0.0" \
    --do_train --per_device_train_batch_size 8 \
    --output_dir $SCRATCH/flan-t5-xl-cnn
