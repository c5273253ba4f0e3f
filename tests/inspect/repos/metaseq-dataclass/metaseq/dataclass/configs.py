"""The dataclass configs every metaseq option comes from (their defaults are the program's)."""
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class MetaseqDataclass:
    _name: Optional[str] = None


@dataclass
class CommonConfig(MetaseqDataclass):
    log_interval: int = field(default=100, metadata={"help": "log progress every N batches"})
    seed: int = field(default=1, metadata={"help": "pseudo random number generator seed"})
    fp16: bool = field(default=False, metadata={"help": "use FP16"})
    bf16: bool = field(default=False, metadata={"help": "use BF16"})


@dataclass
class DatasetConfig(MetaseqDataclass):
    num_workers: int = field(default=1, metadata={"help": "how many subprocesses to use for data loading"})
    max_tokens: Optional[int] = field(default=None, metadata={"help": "maximum number of tokens in a batch"})
    batch_size: Optional[int] = field(default=None, metadata={"help": "number of examples in a batch"})
    train_subset: str = field(default="train", metadata={"help": "data subset to use for training"})


@dataclass
class DistributedTrainingConfig(MetaseqDataclass):
    distributed_world_size: int = field(default=1, metadata={"help": "total number of GPUs across all nodes"})
    ddp_backend: str = field(default="pytorch_ddp", metadata={"help": "pytorch_ddp or fully_sharded"})
    model_parallel_size: int = field(default=1, metadata={"help": "total number of GPUs to parallelize model over"})


@dataclass
class OptimizationConfig(MetaseqDataclass):
    max_epoch: int = field(default=0, metadata={"help": "force stop training at specified epoch"})
    max_update: int = field(default=0, metadata={"help": "force stop training at specified update"})
    clip_norm: float = field(default=0.0, metadata={"help": "clip threshold of gradients"})
    update_freq: List[int] = field(default_factory=lambda: [1], metadata={"help": "update parameters every N_i batches"})
    lr: List[float] = field(default_factory=lambda: [0.25], metadata={"help": "learning rate"})


@dataclass
class CheckpointConfig(MetaseqDataclass):
    save_dir: str = field(default="checkpoints", metadata={"help": "path to save checkpoints"})
    save_interval_updates: int = field(default=0, metadata={"help": "save a checkpoint every N updates"})
