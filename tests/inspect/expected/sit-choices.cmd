torchrun --nnodes=1 --nproc_per_node=8 train.py --model SiT-XL/2 --data-path /data/imagenet/train
