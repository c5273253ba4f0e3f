accelerate launch --mixed_precision=fp16 --num_processes=1 train_first.py --config_path ./Configs/config.yml
