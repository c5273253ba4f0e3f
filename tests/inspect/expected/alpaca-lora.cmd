WORLD_SIZE=2 CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node=2 --master_port=1234 finetune.py \
    --base_model 'huggyllama/llama-7b' \
    --data_path 'yahma/alpaca-cleaned' \
    --output_dir './lora-alpaca' \
    --num_epochs 5 \
    --learning_rate 1e-4 \
    --cutoff_len 512
