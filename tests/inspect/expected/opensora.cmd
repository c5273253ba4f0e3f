torchrun --standalone --nproc_per_node 8 scripts/train.py configs/opensora-v1-2/train/stage1.py --data-path /data/videos/meta.csv --ckpt-path /ckpt/pretrained.pth
