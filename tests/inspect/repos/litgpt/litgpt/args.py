# Fixture: the training arguments dataclass the recipes take as `train: TrainArgs`.
from dataclasses import dataclass
from typing import Optional


@dataclass
class TrainArgs:
    save_interval: Optional[int] = 1000
    log_interval: int = 1
    global_batch_size: int = 64
    micro_batch_size: int = 4
    lr_warmup_steps: Optional[int] = 100
    epochs: Optional[int] = None
    max_tokens: Optional[int] = None
    max_seq_length: Optional[int] = None
