cd examples/imagenet && torchrun --nproc_per_node 8 train.py -cn vit_recipe optim.weight_decay=0.1 ++seed=7 batch_size=256
