from .config import TrainConfig
from .model import OLMo
