torchrun --nproc_per_node 8 pretrain.py --config configs/gpt2_large.json --lr 2.5e-4
