#!/bin/bash
#SBATCH -A bdvk-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 64
#SBATCH --mem=240g
#SBATCH -t 16:00:00
#SBATCH -J llama-fsdp

module load pytorch-conda/2.4
source $HOME/venvs/hf/bin/activate

export HF_HOME=/work/nvme/bdvk/hf-cache
MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

srun accelerate launch \
    --multi_gpu --use_fsdp \
    --fsdp_sharding_strategy FULL_SHARD \
    --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    --num_machines 2 --num_processes 8 \
    --rdzv_backend c10d --main_process_ip $MAIN --main_process_port 29500 \
    finetune.py --model_name_or_path meta-llama/Llama-2-7b-hf --dataset_name tatsu-lab/alpaca --bf16 --num_train_epochs 3
