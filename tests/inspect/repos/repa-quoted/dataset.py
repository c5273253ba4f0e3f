# Pre-encoded latents and the images beside them.
import os
from torch.utils.data import Dataset


class CustomDataset(Dataset):
    def __init__(self, data_dir):
        self.images_dir = os.path.join(data_dir, 'images')
        self.features_dir = os.path.join(data_dir, 'vae-sd')
