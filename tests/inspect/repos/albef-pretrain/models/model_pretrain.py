from functools import partial

import torch
from torch import nn

from models.vit import VisionTransformer


class ALBEF(nn.Module):
    def __init__(self, text_encoder=None, tokenizer=None, config=None, temp=0.07, init_deit=True):
        super().__init__()
        self.visual_encoder = VisionTransformer(img_size=config['image_res'], patch_size=16, embed_dim=768, depth=12,
                                                num_heads=12, mlp_ratio=4, qkv_bias=True,
                                                norm_layer=partial(nn.LayerNorm, eps=1e-6))
