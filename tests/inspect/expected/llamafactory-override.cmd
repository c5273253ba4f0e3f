llamafactory-cli train examples/train_full/qwen2_full_sft.yaml learning_rate=2e-5 dataset=alpaca_en_demo per_device_train_batch_size=2 deepspeed=examples/deepspeed/ds_z2_config.json
