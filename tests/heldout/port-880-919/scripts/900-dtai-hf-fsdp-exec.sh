#!/bin/bash
#SBATCH --job-name=clm-fsdp
#SBATCH --account=bfqx-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=288
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=12:00:00
#SBATCH --output=clm-%j.out

module load python/miniforge3_pytorch/2.7.0
source /work/nvme/bfqx/$USER/venvs/hf/bin/activate

export HF_HOME=/work/nvme/bfqx/$USER/hf_cache
export NCCL_SOCKET_IFNAME=hsn
RDZV_HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

# the batch shell is replaced by the job step; nothing runs after this line
exec srun --kill-on-bad-exit=1 torchrun \
    --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$RDZV_HOST:29500 --rdzv_id=$SLURM_JOB_ID \
    run_clm.py \
    --model_name_or_path Qwen/Qwen2.5-3B \
    --dataset_name wikitext --dataset_config_name wikitext-103-raw-v1 \
    --per_device_train_batch_size 4 \
    --fsdp "full_shard auto_wrap" \
    --fsdp_transformer_layer_cls_to_wrap Qwen2DecoderLayer \
    --bf16 \
    --do_train \
    --output_dir /work/nvme/bfqx/$USER/clm-out
