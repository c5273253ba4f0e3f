"""Config dataclasses (fixture)."""
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    total_steps: int
    seq_length: int
    epochs: int
    batch_size: int
    checkpoint_interval: int = 1000
    eval_interval: int = 100
    trainer: str = "AcceleratePPOTrainer"


@dataclass
class ModelConfig:
    model_path: str
    num_layers_unfrozen: int = -1


@dataclass
class TokenizerConfig:
    tokenizer_path: str
    truncation_side: str = "right"


@dataclass
class OptimizerConfig:
    name: str
    kwargs: dict = field(default_factory=dict)


@dataclass
class TRLConfig:
    train: TrainConfig
    model: ModelConfig
    tokenizer: TokenizerConfig
    optimizer: OptimizerConfig

    @classmethod
    def update(cls, baseconfig, config):
        return baseconfig
