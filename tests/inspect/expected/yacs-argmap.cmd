torchrun --nproc_per_node 4 train.py --cfg configs/convmixer.yaml --data-path /data/imagenet --batch-size 96 --accumulation-steps 4 --use-checkpoint --disable-amp --lr 2e-3
