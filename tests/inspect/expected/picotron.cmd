torchrun --nproc_per_node 8 train.py --config tmp/llama-1B/config.json
