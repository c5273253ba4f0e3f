#! /bin/bash
export CUDA_VISIBLE_DEVICES='0,1,2,3,4,5,6,7'
export WANDB_PROJECT=belle_sft
export WANDB_RUN_ID=llama2_7b_sft
export WANDB_RESUME=allow
export ABS_PATH="/home/user/BELLE"
export PYTHONPATH="$ABS_PATH/train"
model_name_or_path=meta-llama/Llama-2-7b-hf

train_file=data/belle_open_source_500k.json
validation_file=data/belle_open_source_eval.json
output_dir="$ABS_PATH/saved_models/${WANDB_PROJECT}_${WANDB_RUN_ID}"
mkdir -p ${output_dir}

cache_dir=hf_cache_dir
mkdir -p ${cache_dir}
cutoff_len=2048

ZERO_STAGE=3
#FT
deepspeed_config_file=configs/deepspeed_config_stage${ZERO_STAGE}.json
# deepspeed_config_file=configs/deepspeed_config.json
torchrun --nproc_per_node 8 src/entry_point/sft_train.py \
    --ddp_timeout 36000 \
    --model_name_or_path ${model_name_or_path} \
    --llama \
    --deepspeed ${deepspeed_config_file} \
    --train_file ${train_file} \
    --validation_file ${validation_file} \
    --per_device_train_batch_size 2 \
    --per_device_eval_batch_size 2 \
    --gradient_accumulation_steps 4 \
    --num_train_epochs 2 \
    --model_max_length ${cutoff_len} \
    --save_strategy "steps" \
    --save_total_limit 3 \
    --learning_rate 8e-6 \
    --weight_decay 0.00001 \
    --warmup_ratio 0.05 \
    --lr_scheduler_type "cosine" \
    --logging_steps 10 \
    --evaluation_strategy "steps" \
    --torch_dtype "bfloat16" \
    --bf16 \
    --seed 1234 \
    --gradient_checkpointing \
    --cache_dir ${cache_dir} \
    --output_dir ${output_dir}
