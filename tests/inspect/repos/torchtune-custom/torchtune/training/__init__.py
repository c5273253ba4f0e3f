from ._distributed import shard_model
from .precision import get_dtype
