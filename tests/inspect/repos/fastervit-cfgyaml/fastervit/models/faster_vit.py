import torch.nn as nn
from timm.models.registry import register_model


class FasterViT(nn.Module):
    def __init__(self, dim, in_dim, depths, window_size, ct_size, mlp_ratio, num_heads, drop_path_rate=0.2,
                 in_chans=3, num_classes=1000, hat=[False, False, True, False], **kwargs):
        super().__init__()


@register_model
def faster_vit_0_224(pretrained=False, **kwargs):
    return FasterViT(depths=[2, 3, 6, 5], num_heads=[2, 4, 8, 16], window_size=[7, 7, 7, 7], ct_size=2,
                     dim=64, in_dim=64, mlp_ratio=4, drop_path_rate=0.2, **kwargs)


@register_model
def faster_vit_2_224(pretrained=False, **kwargs):
    return FasterViT(depths=[3, 3, 8, 5], num_heads=[2, 4, 8, 16], window_size=[7, 7, 7, 7], ct_size=2,
                     dim=128, in_dim=64, mlp_ratio=4, drop_path_rate=0.2, **kwargs)
