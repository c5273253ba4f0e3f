"""Trains a small classifier (python3 -um trainer.task from the repository root)."""
import argparse

import torch
import torchvision


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--batch-size", type=int, default=128)
    args = parser.parse_args()
    data = torchvision.datasets.CIFAR10("./data", train=True, download=True)
    model = torchvision.models.resnet18(num_classes=10)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)
    for _ in range(args.epochs):
        loss = model(torch.zeros(args.batch_size, 3, 32, 32)).sum()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
