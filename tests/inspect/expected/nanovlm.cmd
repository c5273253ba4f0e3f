torchrun --nproc_per_node=8 train.py --lr_mp 0.001 --compile True
