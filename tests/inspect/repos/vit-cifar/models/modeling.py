"""Vision Transformer."""
import torch.nn as nn

from models import configs

CONFIGS = {
    'ViT-B_16': configs.get_b16_config(),
    'ViT-L_16': configs.get_l16_config(),
}


class VisionTransformer(nn.Module):
    def __init__(self, config, img_size=224, num_classes=21843):
        super().__init__()
