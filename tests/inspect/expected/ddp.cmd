torchrun --nnodes 2 --nproc_per_node 4 train_ddp.py --epochs 30 --batch-size 256
