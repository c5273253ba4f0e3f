torchrun --nproc_per_node 4 train.py configs/sup_roberta_large.json
