deepspeed --num_gpus 4 train.py --deepspeed --deepspeed_config ds_config.json
