"""CIFAR loaders."""
from torchvision import datasets, transforms


def get_loader(args):
    if args.dataset == "cifar10":
        trainset = datasets.CIFAR10(root="./data", train=True, download=True)
    else:
        trainset = datasets.CIFAR100(root="./data", train=True, download=True)
    return trainset
