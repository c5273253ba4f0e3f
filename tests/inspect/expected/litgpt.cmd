litgpt finetune_full --config config_hub/finetune/llama-2-7b/full.yaml --train.epochs 2 --devices 8
