torchrun --nproc_per_node 8 train_opt.py --lr 1e-4
