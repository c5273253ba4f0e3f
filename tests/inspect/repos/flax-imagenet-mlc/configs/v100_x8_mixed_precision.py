"""Hyperparameter configuration to run the example on 8 x Nvidia V100 GPUs."""

from configs import default as default_lib


def get_config():
  """Get the hyperparameter configuration to train on 8 x Nvidia V100 GPUs."""
  config = default_lib.get_config()

  config.batch_size = 2048
  config.learning_rate = 0.8
  config.cache = True
  config.half_precision = True

  return config
