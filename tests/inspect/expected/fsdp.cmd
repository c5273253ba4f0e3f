torchrun --standalone --nproc_per_node=4 train_fsdp.py
