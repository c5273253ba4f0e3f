"""Flax Vision Transformer."""
import flax.linen as nn


class VisionTransformer(nn.Module):
  num_classes: int
  patches: dict
  transformer: dict
  hidden_size: int
  model_name: str = None
  classifier: str = 'token'
  representation_size: int = None

  @nn.compact
  def __call__(self, inputs, *, train):
    x = nn.Conv(features=self.hidden_size, kernel_size=self.patches['size'], strides=self.patches['size'])(inputs)
    return nn.Dense(self.num_classes)(x.mean(axis=(1, 2)))
