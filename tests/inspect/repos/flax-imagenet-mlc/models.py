"""Flax implementation of ResNet V1.5."""
from functools import partial
from typing import Any, Sequence

import flax.linen as nn
import jax.numpy as jnp


class BottleneckResNetBlock(nn.Module):
  filters: int
  strides: tuple = (1, 1)

  @nn.compact
  def __call__(self, x):
    return nn.Conv(self.filters * 4, (1, 1))(x)


class ResNetBlock(nn.Module):
  filters: int
  strides: tuple = (1, 1)

  @nn.compact
  def __call__(self, x):
    return nn.Conv(self.filters, (3, 3))(x)


class ResNet(nn.Module):
  stage_sizes: Sequence[int]
  block_cls: Any
  num_classes: int
  num_filters: int = 64
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(self.num_filters, (7, 7), (2, 2), dtype=self.dtype)(x)
    for i, block_size in enumerate(self.stage_sizes):
      for j in range(block_size):
        x = self.block_cls(self.num_filters * 2**i)(x)
    return nn.Dense(self.num_classes, dtype=self.dtype)(jnp.mean(x, axis=(1, 2)))


ResNet18 = partial(ResNet, stage_sizes=[2, 2, 2, 2], block_cls=ResNetBlock)
ResNet34 = partial(ResNet, stage_sizes=[3, 4, 6, 3], block_cls=ResNetBlock)
ResNet50 = partial(ResNet, stage_sizes=[3, 4, 6, 3], block_cls=BottleneckResNetBlock)
ResNet101 = partial(ResNet, stage_sizes=[3, 4, 23, 3], block_cls=BottleneckResNetBlock)
