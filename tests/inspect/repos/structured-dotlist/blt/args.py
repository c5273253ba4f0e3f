"""Typed settings of a training run: the schema, with every default."""
from dataclasses import dataclass, field

from omegaconf import MISSING


@dataclass
class ModelArgs:
    dim: int = 1024
    n_layers: int = 16
    n_heads: int = 16
    vocab_size: int = 260
    max_seqlen: int = 2048


@dataclass
class OptimArgs:
    lr: float = 3e-4
    weight_decay: float = 0.1
    warmup: int = 2000
    clip: float = 1.0


@dataclass
class DataArgs:
    root_dir: str = MISSING
    batch_size: int = 4
    seq_len: int = 2048


@dataclass
class DistributedArgs:
    dp_shard: int = 1
    dp_replicate: int = 1
    fsdp_type: str = "no_shard"
    model_dtype: str = "bf16"


@dataclass
class TrainArgs:
    name: str = "blt"
    dump_dir: str = "/checkpoints/blt"
    seed: int = 42
    steps: int = 1000
    grad_acc_steps: int = 1
    model: ModelArgs = field(default_factory=ModelArgs)
    optim: OptimArgs = field(default_factory=OptimArgs)
    data: DataArgs = field(default_factory=DataArgs)
    distributed: DistributedArgs = field(default_factory=DistributedArgs)
