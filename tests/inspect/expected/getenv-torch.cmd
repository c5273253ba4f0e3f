LR=1e-3 BATCH=256 python train.py
