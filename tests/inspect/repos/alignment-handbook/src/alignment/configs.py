from dataclasses import dataclass, field
from typing import Any, Optional

import trl


@dataclass
class ScriptArguments(trl.ScriptArguments):
    dataset_mixture: Optional[dict[str, Any]] = field(default=None, metadata={"help": "datasets, weights, splits"})


@dataclass
class SFTConfig(trl.SFTConfig):
    chat_template: Optional[str] = field(default=None)
