"""Process group set-up and FSDP sharding of the model."""
from dataclasses import dataclass

import torch
from torch.distributed._composable.fsdp import fully_shard


@dataclass
class DistributedArgs:
    dp_shard: int = 1
    dp_replicate: int = 1
    tp_size: int = 1
    fsdp_type: str = "no_shard"
    model_dtype: str = "bf16"
    compile: bool = False


def setup_torch_distributed(args):
    torch.distributed.init_process_group(backend="nccl")
