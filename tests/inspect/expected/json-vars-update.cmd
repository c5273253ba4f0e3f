torchrun --nproc_per_node 8 train.py --cfg cfg/convnext.json --lr 0.001 -b 128
