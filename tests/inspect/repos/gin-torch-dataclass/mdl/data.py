"""Memory-mapped token shards."""
import numpy as np
import torch


def load_dataset(root, split, seq_len):
    return np.memmap(f"{root}/{split}.bin", dtype=np.uint16, mode="r")
