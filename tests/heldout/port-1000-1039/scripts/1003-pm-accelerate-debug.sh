#!/bin/bash
#SBATCH -J qwen-lora
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH --exclusive

module load pytorch/2.3.1
# venv made with --system-site-packages on top of the module (accelerate, peft)
source $SCRATCH/venvs/hf/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn
export FI_MR_CACHE_MONITOR=userfaultfd
export HF_HOME=$SCRATCH/hf_cache

srun bash -c 'accelerate launch \
    --multi_gpu \
    --num_machines $SLURM_NNODES \
    --machine_rank $SLURM_NODEID \
    --num_processes $((SLURM_NNODES * 4)) \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    --mixed_precision bf16 \
    finetune_lora.py --model_name_or_path Qwen/Qwen2.5-3B --lora_r 16 --output_dir $SCRATCH/runs/qwen-lora'
