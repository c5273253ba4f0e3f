python train.py /data/imagenet --arch resnet50 --lr 0.1
