python train.py -s data/tandt/truck --iterations 7000 -r 2 --eval --densify_grad_threshold 0.0005
