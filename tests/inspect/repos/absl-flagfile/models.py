"""Flax ResNets."""
from functools import partial

import flax.linen as nn


class ResNet(nn.Module):
    stage_sizes: tuple
    num_classes: int
    dtype: object = None

    @nn.compact
    def __call__(self, x, train=True):
        return nn.Dense(self.num_classes, dtype=self.dtype)(x)


ResNet18 = partial(ResNet, stage_sizes=[2, 2, 2, 2])
ResNet50 = partial(ResNet, stage_sizes=[3, 4, 6, 3])
