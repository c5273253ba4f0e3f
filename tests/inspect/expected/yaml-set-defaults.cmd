torchrun --nproc_per_node=4 train.py /data/imagenet -c configs/resnet50_a1.yaml -b 256 --milestones 100 200 300
