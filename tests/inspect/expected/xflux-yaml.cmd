accelerate launch --config_file "train_configs/deepspeed_stage2.yaml" train_flux_lora_deepspeed.py --config "train_configs/test_lora.yaml"
