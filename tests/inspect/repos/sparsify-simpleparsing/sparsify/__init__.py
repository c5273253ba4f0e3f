from .config import SparseCoderConfig, TrainConfig
from .trainer import Trainer
