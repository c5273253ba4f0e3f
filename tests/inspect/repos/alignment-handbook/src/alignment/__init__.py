from .configs import ScriptArguments, SFTConfig
from .data import get_dataset
