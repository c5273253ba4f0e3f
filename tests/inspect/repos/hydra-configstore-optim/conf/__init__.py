# conf/__init__.py - structured configs registered in Hydra's Config Store
from dataclasses import dataclass, field

from hydra.core.config_store import ConfigStore


@dataclass
class SGDConfig:
    name: str = "sgd"
    lr: float = 0.1
    momentum: float = 0.9


@dataclass
class AdamWConfig:
    name: str = "adamw"
    lr: float = 0.001
    weight_decay: float = 0.05


@dataclass
class Config:
    model_name: str = "bert-base-uncased"
    dataset: str = "imdb"
    epochs: int = 3
    batch_size: int = 32


cs = ConfigStore.instance()
cs.store(name="config", node=Config)
cs.store(group="optimizer", name="sgd", node=SGDConfig)
cs.store(group="optimizer", name="adamw", node=AdamWConfig)
