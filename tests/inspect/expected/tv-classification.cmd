torchrun --nproc_per_node=8 train.py --model vit_b_16 --epochs 300 --batch-size 512 --opt adamw --lr 0.003 --wd 0.3 --label-smoothing 0.11 --amp --data-path /data/imagenet
