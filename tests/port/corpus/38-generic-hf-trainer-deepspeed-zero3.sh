#!/bin/bash
#SBATCH --job-name=falcon-z3
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --time=48:00:00
#SBATCH --partition=a100-80g
#SBATCH --qos=high

export HF_HOME=/data/shared/hf
export WANDB_PROJECT=falcon-7b-sft
export WANDB_LOG_MODEL=false

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=$(expr 10000 + $(echo -n $SLURM_JOBID | tail -c 4))

cat > ds_z3.json << EOF
{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "offload_optimizer": {"device": "none"},
    "offload_param": {"device": "none"},
    "overlap_comm": true,
    "contiguous_gradients": true,
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "gradient_accumulation_steps": "auto",
  "train_batch_size": "auto",
  "train_micro_batch_size_per_gpu": "auto"
}
EOF

srun bash -c 'torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID \
  --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
  run_clm.py \
  --model_name_or_path tiiuae/falcon-7b \
  --dataset_name "timdettmers/openassistant-guanaco" \
  --per_device_train_batch_size 2 \
  --gradient_accumulation_steps 8 \
  --learning_rate 2e-5 \
  --bf16 \
  --do_train \
  --deepspeed ds_z3.json \
  --output_dir /data/shared/ckpt/falcon-7b-guanaco'
