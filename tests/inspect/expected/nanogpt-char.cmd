python train.py config/train_shakespeare_char.py
