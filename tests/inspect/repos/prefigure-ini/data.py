"""Audio files under a folder."""
import torch


class AudioFolder(torch.utils.data.Dataset):
    def __init__(self, root):
        self.root = root
