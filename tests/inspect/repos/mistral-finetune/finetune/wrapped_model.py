# Loads the model and shards it with FSDP (fixture).
import torch
from torch.distributed.fsdp import FullyShardedDataParallel, ShardingStrategy


def load_model(folder, param_dtype=torch.bfloat16):
    model = torch.nn.Linear(4, 4).to(param_dtype)
    return FullyShardedDataParallel(model, sharding_strategy=ShardingStrategy.FULL_SHARD)
