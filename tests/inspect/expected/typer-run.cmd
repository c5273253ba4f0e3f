torchrun --nproc_per_node 2 train.py /data/wikitext --model-name gpt2-medium --lr 1e-4 --bf16
