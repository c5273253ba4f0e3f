python finetune/adapter.py --data_dir data/dolly --pretrained_path checkpoints/lit-llama/7B/lit-llama.pth
