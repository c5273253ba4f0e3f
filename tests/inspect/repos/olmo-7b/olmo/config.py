from dataclasses import dataclass, field
from typing import List, Optional

from omegaconf import OmegaConf as om


@dataclass
class ModelConfig:
    d_model: int = 768
    n_heads: int = 12
    n_layers: int = 12
    mlp_ratio: int = 4
    max_sequence_length: int = 1024
    vocab_size: int = 50257


@dataclass
class TrainConfig:
    run_name: Optional[str] = None
    model: ModelConfig = field(default_factory=ModelConfig)
    global_train_batch_size: int = 512
    device_train_microbatch_size: int = 16
    max_duration: str = "10ep"
    precision: Optional[str] = None

    @classmethod
    def load(cls, path, overrides: Optional[List[str]] = None):
        conf = om.merge(om.structured(cls), om.load(path))
        if overrides:
            conf = om.merge(conf, om.from_dotlist(overrides))
        return om.to_object(conf)
