python train.py medium --batch-size 64
