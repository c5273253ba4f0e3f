from dataclasses import dataclass, field
from typing import Optional


@dataclass
class DataArguments:
    template: Optional[str] = field(default=None)
    dataset: Optional[str] = field(default=None, metadata={"help": "Dataset names, separated by commas."})
    dataset_dir: str = field(default="data")
    cutoff_len: int = field(default=2048)
    max_samples: Optional[int] = field(default=None)
