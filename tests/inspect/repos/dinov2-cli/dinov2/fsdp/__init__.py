"""FSDP wrapping from the config's sharding strategy and mixed-precision dtypes."""
from functools import partial

import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from torch.distributed.fsdp import MixedPrecision, ShardingStrategy


def get_fsdp_wrapper(model_cfg):
    dtype = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}
    mp = MixedPrecision(param_dtype=dtype[model_cfg.mixed_precision.param_dtype],
                        reduce_dtype=dtype[model_cfg.mixed_precision.reduce_dtype])
    strategy = {"FULL_SHARD": ShardingStrategy.FULL_SHARD, "SHARD_GRAD_OP": ShardingStrategy.SHARD_GRAD_OP}
    return partial(FSDP, sharding_strategy=strategy[model_cfg.sharding_strategy], mixed_precision=mp)
