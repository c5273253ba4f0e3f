tune run lora_finetune_single_device --config ./my_lora.yaml epochs=1 optimizer.lr=1e-4 batch_size=8
