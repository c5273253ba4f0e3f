bash scripts/train.sh --lr 6e-4 -m gpt2-medium -n 2 --epochs 3 --batch_size 16
