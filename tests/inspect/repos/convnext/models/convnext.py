# ConvNeXt models registered with timm (fixture).
import torch.nn as nn
from timm.models.registry import register_model


class ConvNeXt(nn.Module):
    def __init__(self, depths=(3, 3, 9, 3), dims=(96, 192, 384, 768), drop_path_rate=0.0):
        super().__init__()
        self.depths = depths


@register_model
def convnext_tiny(pretrained=False, **kwargs):
    return ConvNeXt(depths=[3, 3, 9, 3], dims=[96, 192, 384, 768], **kwargs)


@register_model
def convnext_base(pretrained=False, **kwargs):
    return ConvNeXt(depths=[3, 3, 27, 3], dims=[128, 256, 512, 1024], **kwargs)
