# train.py - CIFAR-10 ResNet-18 under DDP
import argparse
import os

import torch
import torch.distributed as dist
import torchvision


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--data", default="./data")
    args = p.parse_args()
    dist.init_process_group("nccl")
    rank = int(os.environ["LOCAL_RANK"])
    model = torchvision.models.resnet18(num_classes=10).cuda(rank)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[rank])
    data = torchvision.datasets.CIFAR10(root=args.data, train=True, download=True)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    for _ in range(args.epochs):
        pass


if __name__ == "__main__":
    main()
