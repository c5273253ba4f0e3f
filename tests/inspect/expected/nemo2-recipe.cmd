python pretrain_llama3.py
