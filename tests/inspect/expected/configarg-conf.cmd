torchrun --nproc_per_node 4 train.py -c configs/dns48.conf --lr 5e-4
