deepspeed --num_gpus 8 cifar10_deepspeed.py --deepspeed --deepspeed_config ds_config.json --epochs 20
