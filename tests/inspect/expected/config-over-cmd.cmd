torchrun --nproc_per_node 4 main.py --config configs/opt.yaml --lr 3e-4 --batch_size 16
