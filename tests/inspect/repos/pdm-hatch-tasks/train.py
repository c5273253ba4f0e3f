"""DeepLabV3 segmentation under DeepSpeed or torchrun."""
import argparse

import deepspeed
import torch
from torchvision import datasets, models


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--data-root", default="/data/voc")
    p.add_argument("--local_rank", type=int, default=-1)
    p = deepspeed.add_config_arguments(p)
    args = p.parse_args()
    model = models.segmentation.deeplabv3_resnet50(num_classes=21)
    data = datasets.VOCSegmentation(root=args.data_root, image_set="train")
    engine, opt, loader, _ = deepspeed.initialize(args=args, model=model, training_data=data)
    for epoch in range(args.epochs):
        pass


if __name__ == "__main__":
    main()
