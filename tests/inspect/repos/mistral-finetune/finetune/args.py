# Settings read from the YAML named on the command line (fixture: simple_parsing Serializable).
from dataclasses import dataclass, field

from simple_parsing.helpers import Serializable


@dataclass
class OptimArgs(Serializable):
    lr: float = 1e-4
    weight_decay: float = 0.1
    pct_start: float = 0.05


@dataclass
class DataArgs(Serializable):
    data: str = ""
    shuffle: bool = False
    instruct_data: str = ""
    eval_instruct_data: str = ""


@dataclass
class LoraArgs(Serializable):
    enable: bool = True
    rank: int = 16
    dropout: float = 0.0
    scaling: float = 2.0


@dataclass
class TrainArgs(Serializable):
    data: DataArgs
    model_id_or_path: str
    run_dir: str
    optim: OptimArgs = field(default_factory=OptimArgs)
    seed: int = 0
    num_microbatches: int = 1
    seq_len: int = 2048
    batch_size: int = 1
    max_norm: float = 1.0
    max_steps: int = 100
    log_freq: int = 1
    lora: LoraArgs = field(default_factory=LoraArgs)
