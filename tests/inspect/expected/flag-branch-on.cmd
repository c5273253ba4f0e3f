deepspeed --num_gpus 4 train.py --deepspeed --ds_config ds_config.json
