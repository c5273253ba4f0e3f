# Diffusion policy settings (fixture).
from dataclasses import dataclass

from lerobot.configs.policies import PreTrainedConfig


@PreTrainedConfig.register_subclass("diffusion")
@dataclass
class DiffusionConfig(PreTrainedConfig):
    horizon: int = 16
    optimizer_lr: float = 1e-4
