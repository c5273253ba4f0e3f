python pretrain_mixtral.py
