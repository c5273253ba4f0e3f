# The two-view model: a shared ViT encoder, two cross-attending decoders, a regression head each.
import torch
import torch.nn as nn
from functools import partial
inf = float('inf')


class AsymmetricCroCo3DStereo(nn.Module):
    def __init__(self, output_mode='pts3d', head_type='linear', depth_mode=('exp', -inf, inf),
                 conf_mode=('exp', 1, inf), freeze='none', landscape_only=True, patch_embed_cls='PatchEmbedDust3R',
                 img_size=224, patch_size=16, enc_embed_dim=768, enc_depth=12, enc_num_heads=12,
                 dec_embed_dim=512, dec_depth=8, dec_num_heads=16, pos_embed='cosine'):
        super().__init__()
        self.enc_depth = enc_depth
        self.dec_depth = dec_depth
