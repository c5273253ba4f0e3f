torchrun --nproc_per_node 8 pretrain.py --lr 1e-4
