python train.py --config=configs/big.py --config.optim.lr=1e-4
