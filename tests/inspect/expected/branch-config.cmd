torchrun --nproc_per_node 4 train.py --size base --lr 1e-4
