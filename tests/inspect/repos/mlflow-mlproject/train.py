"""Trains a torchvision ResNet on CIFAR-10 with DDP; logged to MLflow."""
import argparse
import os

import mlflow
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, models, transforms


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--data-dir", default="/datasets/cifar10")
    p.add_argument("--arch", default="resnet50", choices=["resnet18", "resnet34", "resnet50"])
    p.add_argument("--momentum", type=float, default=0.9)
    return p.parse_args()


def main():
    args = parse_args()
    dist.init_process_group("nccl")
    rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(rank)
    model = models.__dict__[args.arch](num_classes=10).cuda()
    model = DDP(model, device_ids=[rank])
    train_set = datasets.CIFAR10(root=args.data_dir, train=True, download=True, transform=transforms.ToTensor())
    loader = DataLoader(train_set, batch_size=args.batch_size, sampler=DistributedSampler(train_set))
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    mlflow.log_params(vars(args))
    for epoch in range(args.epochs):
        for x, y in loader:
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
