from dataclasses import dataclass, field
from typing import Optional

import trl


@dataclass
class SFTScriptArguments(trl.ScriptArguments):
    dataset_name: Optional[str] = field(default=None, metadata={"help": "Hub id of the dataset"})
    dataset_config: Optional[str] = field(default=None)
