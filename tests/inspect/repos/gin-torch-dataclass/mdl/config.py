"""The run's settings: a gin-configurable dataclass; gin files and --gin_bindings set its fields."""
import dataclasses

import gin


@gin.configurable
@dataclasses.dataclass
class TrainConfig:
    data_root: str = "data/tiny"
    seq_len: int = 512
    batch_size: int = 32
    lr: float = 1e-3
    warmup_steps: int = 1000
    max_steps: int = 100000
    weight_decay: float = 0.1
