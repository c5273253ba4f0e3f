# ViT variants with a fixed 2-D sin-cos position embedding.
from functools import partial

import torch.nn as nn
from timm.models.vision_transformer import VisionTransformer


class VisionTransformerMoCo(VisionTransformer):
    def __init__(self, stop_grad_conv1=False, **kwargs):
        super().__init__(**kwargs)


def vit_small(**kwargs):
    return VisionTransformerMoCo(patch_size=16, embed_dim=384, depth=12, num_heads=12, mlp_ratio=4, qkv_bias=True,
                                 norm_layer=partial(nn.LayerNorm, eps=1e-6), **kwargs)


def vit_base(**kwargs):
    return VisionTransformerMoCo(patch_size=16, embed_dim=768, depth=12, num_heads=12, mlp_ratio=4, qkv_bias=True,
                                 norm_layer=partial(nn.LayerNorm, eps=1e-6), **kwargs)
