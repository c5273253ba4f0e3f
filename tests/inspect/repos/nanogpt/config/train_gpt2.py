# 124M GPT-2 on OpenWebText, 8 GPUs
batch_size = 12
block_size = 1024
gradient_accumulation_steps = 5 * 8
max_iters = 600000
lr_decay_iters = 600000
