"""ImageNet as a LightningDataModule."""
import lightning as L
from torchvision import datasets


class ImageNetData(L.LightningDataModule):
    def __init__(self, root, batch_size=64):
        super().__init__()
        self.root = root

    def setup(self, stage=None):
        self.train = datasets.ImageFolder("/datasets/imagenet/train")
