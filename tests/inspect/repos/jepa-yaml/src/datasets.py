import os

import torchvision


def make_imagenet1k(batch_size, root_path, image_folder):
    data = torchvision.datasets.ImageFolder(os.path.join(root_path, image_folder, 'train'))
    return data
