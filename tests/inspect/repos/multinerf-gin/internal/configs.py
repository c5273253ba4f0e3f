"""Utility functions for handling configurations."""
import dataclasses
from typing import Any, Callable, Optional, Tuple

from absl import flags
import gin
import jax.numpy as jnp

gin.add_config_file_search_path('experimental/users/barron/mipnerf360/')


@gin.configurable()
@dataclasses.dataclass
class Config:
  """Configuration flags for everything."""
  dataset_loader: str = 'llff'  # The type of dataset loader to use.
  batching: str = 'all_images'  # Batch composition, [single_image, all_images].
  batch_size: int = 16384  # The number of rays/pixels in each batch.
  patch_size: int = 1  # Resolution of patches sampled for training batches.
  factor: int = 0  # The downsample factor of images, 0 for no downsampling.
  forward_facing: bool = False  # Set to True for forward-facing LLFF captures.
  render_path: bool = False  # If True, render a path. Used only by LLFF.
  llffhold: int = 8  # Use every Nth image for the test set. Used only by LLFF.
  max_steps: int = 250000  # The number of optimization steps.
  checkpoint_every: int = 25000  # The number of steps to save a checkpoint.
  print_every: int = 100  # The number of steps between reports to tensorboard.
  data_dir: Optional[str] = None  # Input data directory.
  checkpoint_dir: Optional[str] = None  # Where to log checkpoints.
  lr_init: float = 0.002  # The initial learning rate.
  lr_final: float = 0.00002  # The final learning rate.
  lr_delay_steps: int = 512  # The number of "warmup" learning steps.
  lr_delay_mult: float = 0.01  # How much sever the "warmup" should be.
  adam_beta1: float = 0.9  # Adam's beta2 hyperparameter.
  adam_beta2: float = 0.999  # Adam's beta2 hyperparameter.
  adam_eps: float = 1e-6  # Adam's epsilon hyperparameter.
  grad_max_norm: float = 0.001  # Gradient clipping magnitude, disabled if == 0.
  near: float = 2.  # Near plane distance.
  far: float = 6.  # Far plane distance.


def define_common_flags():
  flags.DEFINE_string('mode', None, 'Required by GINXM, not used.')
  flags.DEFINE_string('base_folder', None, 'Required by GINXM, not used.')
  flags.DEFINE_multi_string('gin_bindings', None, 'Gin parameter bindings.')
  flags.DEFINE_multi_string('gin_configs', None, 'Gin config files.')


def load_config(save_config=True):
  """Load the config, and optionally checkpoint it."""
  gin.parse_config_files_and_bindings(
      flags.FLAGS.gin_configs, flags.FLAGS.gin_bindings, skip_unknown=True)
  config = Config()
  return config
