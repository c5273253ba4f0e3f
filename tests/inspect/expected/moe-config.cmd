torchrun --nproc_per_node 4 train.py --dataset_name roneneldan/TinyStories
