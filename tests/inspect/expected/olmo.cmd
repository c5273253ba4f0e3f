torchrun --nproc_per_node=8 scripts/train.py configs/official/OLMo-1B.yaml --save_overwrite --device_train_microbatch_size=4
