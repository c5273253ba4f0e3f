"""Settings as dataclasses, one per TOML section; the TOML file is read first, --section.key flags win."""
from dataclasses import dataclass, field


@dataclass
class Job:
    config_file: str | None = None
    dump_folder: str = "./outputs"


@dataclass
class Model:
    name: str = "llama3"
    flavor: str = "debugmodel"


@dataclass
class Optimizer:
    name: str = "AdamW"
    lr: float = 8e-4


@dataclass
class Training:
    local_batch_size: int = 8
    seq_len: int = 2048
    steps: int = 10000
    dataset: str = "c4_test"
    mixed_precision_param: str = "bfloat16"


@dataclass
class Parallelism:
    data_parallel_replicate_degree: int = 1
    data_parallel_shard_degree: int = -1
    tensor_parallel_degree: int = 1
    pipeline_parallel_degree: int = 1
    context_parallel_degree: int = 1


@dataclass
class JobConfig:
    job: Job = field(default_factory=Job)
    model: Model = field(default_factory=Model)
    optimizer: Optimizer = field(default_factory=Optimizer)
    training: Training = field(default_factory=Training)
    parallelism: Parallelism = field(default_factory=Parallelism)
