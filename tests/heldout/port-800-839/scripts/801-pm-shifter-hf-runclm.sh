#!/bin/bash
#SBATCH --job-name=clm-gpt2m
#SBATCH --account=m3792
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=01:30:00
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin

export HF_HOME=$PSCRATCH/hf-cache
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29507
OUT=$PSCRATCH/runs/clm-$SLURM_JOB_ID
mkdir -p "$OUT"

srun shifter torchrun \
    --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" \
    run_clm.py \
    --model_name_or_path gpt2-medium \
    --dataset_name wikitext \
    --dataset_config_name wikitext-103-raw-v1 \
    --per_device_train_batch_size 8 \
    --gradient_accumulation_steps 2 \
    --learning_rate 3e-5 \
    --num_train_epochs 2 \
    --do_train --do_eval \
    --bf16 \
    --output_dir "$OUT" \
    --report_to none 2>&1 | tee "$OUT/train.log"
