#!/bin/bash
#SBATCH --job-name=bloom-sft
#SBATCH --partition=a100
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=48
#SBATCH --time=3-00:00:00
#SBATCH --output=logs/%x_%j.out

source ~/miniconda3/etc/profile.d/conda.sh
conda activate ds

export HF_HOME=/shared/hf_cache
export WANDB_PROJECT=bloom-sft

# DeepSpeed's pdsh runner wants "<host> slots=<gpus>" lines
HOSTFILE=hostfile
scontrol show hostnames $SLURM_JOB_NODELIST | while read -r host; do
    echo "$host slots=4"
done > $HOSTFILE
cat $HOSTFILE

MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

cat > ds_config.json <<EOF
{
  "fp16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 2,
    "offload_optimizer": {"device": "cpu"},
    "overlap_comm": true
  },
  "train_batch_size": "auto",
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
EOF

deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 \
    --master_addr $MASTER_ADDR --master_port 29500 \
    train.py \
    --model_name_or_path bigscience/bloom-3b \
    --data_path data/sft.json \
    --num_train_epochs 3 \
    --per_device_train_batch_size 2 \
    --fp16 True \
    --deepspeed ds_config.json \
    --output_dir checkpoints/bloom-3b-sft
