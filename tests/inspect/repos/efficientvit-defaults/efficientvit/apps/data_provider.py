# data_provider.py - ImageNet folders with distributed samplers
import os

import torchvision.datasets as datasets


class ImageNetDataProvider:
    name = "imagenet"

    def __init__(self, data_dir="/dataset/imagenet", n_worker=8, base_batch_size=128, image_size=224, **kwargs):
        self.data_dir = data_dir
        self.train_dataset = datasets.ImageFolder(os.path.join(data_dir, "train"))
