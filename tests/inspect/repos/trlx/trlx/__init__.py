"""trlx-style fixture package."""
from .trlx import train
