accelerate launch train.py
