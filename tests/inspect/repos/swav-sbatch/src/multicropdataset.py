# multicropdataset.py - an ImageFolder returning several crops of each image
from torchvision.datasets import ImageFolder


class MultiCropDataset(ImageFolder):
    def __init__(self, data_path, size_crops, nmb_crops, min_scale_crops, max_scale_crops, size_dataset=-1, return_index=False):
        super(MultiCropDataset, self).__init__(data_path)
