from .model_utils import build_model, build_loaders, build_optimizer
from .train_utils import run_training
