# ACT policy settings (fixture).
from dataclasses import dataclass

from lerobot.configs.policies import PreTrainedConfig


@PreTrainedConfig.register_subclass("act")
@dataclass
class ACTConfig(PreTrainedConfig):
    chunk_size: int = 100
    dim_model: int = 512
    n_heads: int = 8
    n_encoder_layers: int = 4
    optimizer_lr: float = 1e-5
