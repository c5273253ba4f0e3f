deepspeed --num_gpus=8 train.py --train_args_file train_args/sft/full/qwen1.5-7b-sft-full.json
