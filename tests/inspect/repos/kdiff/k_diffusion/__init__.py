"""Package of the k-diffusion-style fixture."""
from . import config
