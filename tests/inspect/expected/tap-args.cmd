python train.py --lr 1e-3 --epochs 20
