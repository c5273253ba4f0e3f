#!/bin/bash
#SBATCH -A cis240512-gpu
#SBATCH -p gpu
#SBATCH -N 3
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 36:00:00
#SBATCH -J t5-z3

module load modtree/gpu
module load conda/2025.09
conda activate ds

scontrol show hostnames $SLURM_JOB_NODELIST | awk '{print $1" slots=4"}' > hostfile
export MASTER_ADDR=$(head -n 1 hostfile | cut -d' ' -f1)

cat > ds_config_zero3.json <<'JSON'
{
  "fp16": {"enabled": "auto"},
  "bf16": {"enabled": "auto"},
  "zero_optimization": {"stage": 3, "overlap_comm": true, "contiguous_gradients": true},
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
JSON

deepspeed --hostfile hostfile --launcher slurm --master_addr $MASTER_ADDR --master_port 29600 \
    run_translation.py --model_name_or_path google/flan-t5-xl --source_lang en --target_lang ro \
    --dataset_name wmt16 --dataset_config_name ro-en --do_train --per_device_train_batch_size 4 \
    --output_dir /anvil/scratch/$USER/t5-z3 --deepspeed ds_config_zero3.json
