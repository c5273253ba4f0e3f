# conf.py - the run's configuration as structured Hydra configs kept in the ConfigStore
from dataclasses import dataclass, field
from typing import Any, List

from hydra.core.config_store import ConfigStore


@dataclass
class OptimConfig:
    lr: float = 0.1
    momentum: float = 0.9
    weight_decay: float = 1e-4


@dataclass
class ModelConfig:
    arch: str = "resnet18"
    num_classes: int = 1000


@dataclass
class ResNet50Config(ModelConfig):
    arch: str = "resnet50"


@dataclass
class TrainConfig:
    defaults: List[Any] = field(default_factory=lambda: ["_self_", {"model": "r18"}])
    model: Any = None
    optim: OptimConfig = field(default_factory=OptimConfig)
    batch_size: int = 256
    epochs: int = 90
    data_dir: str = "/data/imagenet"
    amp: bool = True


cs = ConfigStore.instance()
cs.store(name="train", node=TrainConfig)
cs.store(group="model", name="r18", node=ModelConfig)
cs.store(group="model", name="r50", node=ResNet50Config)
