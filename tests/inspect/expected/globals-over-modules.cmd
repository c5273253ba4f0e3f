torchrun --standalone --nproc_per_node=4 train.py --compile=False --eval_iters=10 --batch_size=8
