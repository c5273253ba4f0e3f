torchrun --standalone --nproc_per_node=8 train.py config/train_gpt2.py --batch_size=16 --compile=False
