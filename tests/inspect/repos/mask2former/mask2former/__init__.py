from .config import add_maskformer2_config
from .maskformer_model import MaskFormer
