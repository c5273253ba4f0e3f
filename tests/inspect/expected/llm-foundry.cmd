composer scripts/train/train.py scripts/train/yamls/pretrain/mpt-125m.yaml variables.data_local=/data/c4 max_duration=100ba global_train_batch_size=128
