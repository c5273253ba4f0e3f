torchrun --nproc_per_node 4 train_gpt2.py
