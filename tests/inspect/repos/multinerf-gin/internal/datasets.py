"""Data loaders for the scenes (LLFF-style captures, Blender)."""
import numpy as np


def load_dataset(split, train_dir, config):
  """Loads a split of a dataset using the data_loader specified by `config`."""
  dataset_dict = {
      'blender': Blender,
      'llff': LLFF,
  }
  return dataset_dict[config.dataset_loader](split, train_dir, config)


class Dataset:
  def __init__(self, split, data_dir, config):
    self.split = split
    self.data_dir = data_dir
    self.batch_size = config.batch_size


class Blender(Dataset):
  pass


class LLFF(Dataset):
  pass
