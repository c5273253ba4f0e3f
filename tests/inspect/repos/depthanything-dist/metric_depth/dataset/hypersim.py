# Hypersim frames and metric depth, listed in a split file.
from torch.utils.data import Dataset


class Hypersim(Dataset):
    def __init__(self, filelist_path, mode, size=(518, 518)):
        self.mode = mode
        self.size = size
        with open(filelist_path, 'r') as f:
            self.filelist = f.read().splitlines()
