"""COLMAP scenes: cameras, images and the sparse point cloud."""
import torch


class Parser:
    def __init__(self, data_dir, factor=1, normalize=False, test_every=8):
        self.data_dir = data_dir
        self.factor = factor


class Dataset(torch.utils.data.Dataset):
    def __init__(self, parser, split="train", patch_size=None):
        self.parser = parser
        self.split = split
