accelerate launch --config_file fsdp_config.yaml train.py --num_epochs 5 --lr 3e-5
