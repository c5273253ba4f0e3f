python pretrain.py --devices 4 --train_data_dir data/slimpajama
