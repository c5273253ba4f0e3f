"""Masked autoregressive image generation: sizes by name."""
from functools import partial

import torch.nn as nn


class MAR(nn.Module):
    def __init__(self, img_size=256, vae_stride=16, patch_size=1, encoder_embed_dim=1024, encoder_depth=16,
                 encoder_num_heads=16, decoder_embed_dim=1024, decoder_depth=16, decoder_num_heads=16,
                 mlp_ratio=4., norm_layer=nn.LayerNorm, vae_embed_dim=16, mask_ratio_min=0.7, label_drop_prob=0.1,
                 class_num=1000, attn_dropout=0.1, proj_dropout=0.1, buffer_size=64, diffloss_d=3, diffloss_w=1024,
                 num_sampling_steps='100', diffusion_batch_mul=4, grad_checkpointing=False):
        super().__init__()


def mar_base(**kwargs):
    return MAR(encoder_embed_dim=768, encoder_depth=12, encoder_num_heads=12, decoder_embed_dim=768,
               decoder_depth=12, decoder_num_heads=12, mlp_ratio=4, norm_layer=partial(nn.LayerNorm, eps=1e-6),
               **kwargs)


def mar_large(**kwargs):
    return MAR(encoder_embed_dim=1024, encoder_depth=16, encoder_num_heads=16, decoder_embed_dim=1024,
               decoder_depth=16, decoder_num_heads=16, mlp_ratio=4, norm_layer=partial(nn.LayerNorm, eps=1e-6),
               **kwargs)


def mar_huge(**kwargs):
    return MAR(encoder_embed_dim=1280, encoder_depth=20, encoder_num_heads=16, decoder_embed_dim=1280,
               decoder_depth=20, decoder_num_heads=16, mlp_ratio=4, norm_layer=partial(nn.LayerNorm, eps=1e-6),
               **kwargs)
