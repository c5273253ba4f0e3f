#!/bin/bash
#SBATCH -N 2 -C gpu -q regular
#SBATCH -t 04:00:00 -J llama7b-fsdp -A m2865
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -o slurm-%j.out

module load pytorch/2.3.1
source ~/venvs/llm-ft/bin/activate

export HF_HOME=$SCRATCH/hf_cache
export HF_DATASETS_CACHE=$SCRATCH/hf_cache/datasets
export TOKENIZERS_PARALLELISM=false
export NCCL_SOCKET_IFNAME=hsn

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

mkdir -p $SCRATCH/runs/llama7b-alpaca-fsdp

# one torchrun per node, 4 workers each
srun bash -c 'torchrun \
    --nnodes=2 \
    --nproc_per_node=4 \
    --node_rank=$SLURM_NODEID \
    --master_addr=$MASTER_ADDR \
    --master_port=$MASTER_PORT \
    finetune.py \
    --model_name_or_path meta-llama/Llama-2-7b-hf \
    --dataset tatsu-lab/alpaca \
    --fsdp "full_shard auto_wrap" \
    --fsdp_transformer_layer_cls_to_wrap LlamaDecoderLayer \
    --bf16 True \
    --per_device_train_batch_size 4 \
    --output_dir $SCRATCH/runs/llama7b-alpaca-fsdp'
