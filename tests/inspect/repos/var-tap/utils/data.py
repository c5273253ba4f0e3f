"""ImageNet folders with the trainer's transforms."""
import os.path as osp

from torchvision.datasets.folder import DatasetFolder


def build_dataset(data_path: str, final_reso: int, hflip=False):
    train_set = DatasetFolder(root=osp.join(data_path, 'train'), loader=None, extensions=('.jpeg',))
    val_set = DatasetFolder(root=osp.join(data_path, 'val'), loader=None, extensions=('.jpeg',))
    return 1000, train_set, val_set
