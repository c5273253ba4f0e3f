# Pairs of views rendered from Habitat scenes, listed under root.
from torch.utils.data import Dataset


class PairsDataset(Dataset):
    def __init__(self, dnames, trfs='', totensor=True, normalize=True, data_dir='./data/'):
        self.data_dir = data_dir
