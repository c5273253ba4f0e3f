#!/bin/bash
#SBATCH --job-name=llama13b-z3
#SBATCH --account=bcdq-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=08:00:00

module reset
module load pytorch-conda/2.12
source ~/venvs/accel/bin/activate

export NCCL_SOCKET_IFNAME=hsn
export HF_HOME=/projects/bcdq/$USER/hf
export WANDB_PROJECT=llama13b-sft
export WANDB_ENTITY=nlp-lab

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

srun --ntasks-per-node=1 bash -c 'accelerate launch \
    --num_machines 2 \
    --num_processes 8 \
    --machine_rank $SLURM_NODEID \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    --use_deepspeed \
    --zero_stage 3 \
    --offload_optimizer_device none \
    --gradient_accumulation_steps 4 \
    --mixed_precision bf16 \
    sft.py \
    --model meta-llama/Llama-2-13b-hf \
    --dataset HuggingFaceH4/ultrachat_200k \
    --max_seq_len 4096 \
    --output_dir /projects/bcdq/$USER/ckpt/llama13b-sft'
