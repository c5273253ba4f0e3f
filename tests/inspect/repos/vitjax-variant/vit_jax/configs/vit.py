r"""Fine-tunes a Vision Transformer.

Usage: --config=vit_jax/configs/vit.py:<model>,<dataset>, e.g. vit.py:b16,cifar10
"""
import ml_collections

from vit_jax.configs import common
from vit_jax.configs import models


def get_config(model_dataset):
  """Returns the configuration for the model and data set named by the string after the colon."""
  model, dataset = model_dataset.split(',')
  config = common.with_dataset(common.get_config(), dataset)
  get_model_config = getattr(models, f'get_{model}_config')
  config.model = get_model_config()
  return config
