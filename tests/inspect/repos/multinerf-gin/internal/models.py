"""NeRF and its MLPs."""
import flax.linen as nn
import gin


@gin.configurable
class Model(nn.Module):
  """A mip-Nerf360 model containing all MLPs."""
  num_prop_samples: int = 64
  num_nerf_samples: int = 32
  num_levels: int = 3
  opaque_background: bool = False


@gin.configurable
class NerfMLP(nn.Module):
  net_depth: int = 8
  net_width: int = 256


@gin.configurable
class PropMLP(nn.Module):
  net_depth: int = 4
  net_width: int = 256
