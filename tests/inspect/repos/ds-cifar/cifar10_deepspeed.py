"""CIFAR-10 with DeepSpeed: batch size, optimizer, precision and ZeRO stage all come from the JSON config."""
import argparse

import deepspeed
import torch
import torchvision
import torchvision.transforms as transforms


def add_argument():
    parser = argparse.ArgumentParser(description="CIFAR")
    parser.add_argument("--epochs", default=30, type=int, help="number of total epochs (default: 30)")
    parser.add_argument("--local_rank", type=int, default=-1)
    parser = deepspeed.add_config_arguments(parser)
    return parser.parse_args()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3 * 32 * 32, 10)


def main(args):
    deepspeed.init_distributed()
    trainset = torchvision.datasets.CIFAR10(root="./data", train=True, download=True, transform=transforms.ToTensor())
    net = Net()
    model_engine, optimizer, trainloader, _ = deepspeed.initialize(args=args, model=net, model_parameters=net.parameters(), training_data=trainset)


if __name__ == "__main__":
    main(add_argument())
