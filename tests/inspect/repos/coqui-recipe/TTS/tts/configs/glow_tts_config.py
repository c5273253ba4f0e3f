from dataclasses import dataclass, field
from typing import List

from trainer import TrainerConfig


@dataclass
class GlowTTSConfig(TrainerConfig):
    model: str = "glow_tts"
    num_chars: int = None
    hidden_channels_enc: int = 192
    hidden_channels_dec: int = 192
    use_phonemes: bool = False
    text_cleaner: str = None
    # optimizer
    grad_clip: float = 5.0
    lr: float = 1e-3
    lr_scheduler: str = "NoamLR"
    batch_size: int = 32
    epochs: int = 1000
    datasets: List = field(default_factory=list)
