"""Wide ResNet on CIFAR-10, one GPU, mixed precision."""
import argparse

import torch
from torchvision import datasets, models

p = argparse.ArgumentParser()
p.add_argument("--arch", default="resnet18")
p.add_argument("--epochs", type=int, default=100)
p.add_argument("--lr", type=float, default=0.05)
p.add_argument("--batch-size", type=int, default=128)
p.add_argument("--data", default="./data")
args = p.parse_args()
model = models.__dict__[args.arch](num_classes=10).cuda()
train = datasets.CIFAR10(root=args.data, train=True, download=True)
scaler = torch.cuda.amp.GradScaler()
with torch.autocast("cuda", dtype=torch.float16):
    pass
