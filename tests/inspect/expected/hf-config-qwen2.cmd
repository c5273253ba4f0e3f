torchrun --nproc_per_node 8 pretrain.py --batch_size 16 --dataset_name HuggingFaceFW/fineweb-edu
