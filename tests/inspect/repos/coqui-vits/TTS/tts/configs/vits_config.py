from dataclasses import dataclass


@dataclass
class VitsConfig:
    model: str = "vits"
    lr_gen: float = 0.0002
    lr_disc: float = 0.0002
    batch_size: int = 32
    epochs: int = 1000
    mixed_precision: bool = True
