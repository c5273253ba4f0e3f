"""Pre-extracted ImageNet codes stored as .npy files under --code-path."""
import os

from torch.utils.data import Dataset


class CustomDataset(Dataset):
    def __init__(self, feature_dir, label_dir):
        self.feature_dir = feature_dir
        self.label_dir = label_dir


def build_imagenet_code(args):
    feature_dir = f"{args.code_path}/imagenet{args.image_size}_codes"
    label_dir = f"{args.code_path}/imagenet{args.image_size}_labels"
    return CustomDataset(feature_dir, label_dir)
