torchrun --nproc_per_node=8 src/zeroband/train.py @configs/150M/H100.toml --optim.lr 6e-4
