"""Hyperparameter configuration for the fake-data benchmark."""

from configs import default as default_lib


def get_config():
  config = default_lib.get_config()
  config.model = 'ResNet18'
  config.batch_size = 64
  config.num_epochs = 1
  return config
