import os

from torchvision import datasets


def build_dataset(is_train, args):
    root = os.path.join(args.data_path, "train" if is_train else "val")
    return datasets.ImageFolder(root), 1000
