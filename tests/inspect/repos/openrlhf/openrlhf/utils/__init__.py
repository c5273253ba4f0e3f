from .utils import get_strategy, blending_datasets
