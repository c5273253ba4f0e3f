python train.py lr=3e-4
