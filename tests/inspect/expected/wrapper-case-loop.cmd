bash finetune/finetune_ds.sh -d data/sft_train.json --deepspeed finetune/ds_config_zero3.json -m org/chat-14b
