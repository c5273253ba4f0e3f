#!/bin/bash
#SBATCH --job-name=titan-llama3-8b
#SBATCH --account=bewq-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=06:00:00

set -euo pipefail
module reset
module load python/miniforge3_pytorch/2.7.0
source /projects/bewq/$USER/titan-venv/bin/activate

RUN_DIR=/work/nvme/bewq/$USER/titan/$SLURM_JOB_ID
mkdir -p "$RUN_DIR"
CONFIG=$RUN_DIR/llama3_8b.toml

# FSDP2 over all 16 GPUs (dp_shard = -1), no TP/PP
cat > "$CONFIG" <<EOF
[job]
dump_folder = "$RUN_DIR"
description = "Llama 3 8B, 4 GH200 nodes"

[model]
name = "llama3"
flavor = "8B"
tokenizer_path = "/projects/bewq/tokenizers/llama3/original/tokenizer.model"

[optimizer]
name = "AdamW"
lr = 3e-4

[training]
batch_size = 2
seq_len = 8192
steps = 3000
mixed_precision_param = "bfloat16"
dataset = "c4"

[parallelism]
data_parallel_replicate_degree = 1
data_parallel_shard_degree = -1
tensor_parallel_degree = 1

[checkpoint]
enable_checkpoint = true
interval = 500
EOF

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export NCCL_SOCKET_IFNAME=hsn

srun torchrun --nnodes 4 --nproc_per_node 4 \
    --rdzv_backend c10d --rdzv_id "$SLURM_JOB_ID" --rdzv_endpoint "$head_node:29500" \
    --local-ranks-filter 0 --role rank --tee 3 \
    torchtitan/train.py --job.config_file "$CONFIG" --training.steps 3000
