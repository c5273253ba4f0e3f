# Base class of policy settings; subclasses register under a type name (fixture).
import abc
from dataclasses import dataclass

import draccus


@dataclass
class PreTrainedConfig(draccus.ChoiceRegistry, abc.ABC):
    n_obs_steps: int = 1
    device: str | None = None
    use_amp: bool = False
