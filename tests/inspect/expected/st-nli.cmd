torchrun --nproc_per_node 4 examples/training/nli/training_nli.py distilroberta-base
