# SiT with a projector that aligns an early block's tokens to a frozen visual encoder's features.
import torch
import torch.nn as nn


class SiT(nn.Module):
    def __init__(self, path_type='edm', input_size=32, patch_size=2, in_channels=4, hidden_size=1152,
                 decoder_hidden_size=768, encoder_depth=8, depth=28, num_heads=16, mlp_ratio=4.0,
                 class_dropout_prob=0.1, num_classes=1000, use_cfg=False, z_dims=[768], projector_dim=2048,
                 **block_kwargs):
        super().__init__()
        self.depth = depth


def SiT_XL_2(**kwargs):
    return SiT(depth=28, hidden_size=1152, decoder_hidden_size=1152, patch_size=2, num_heads=16, **kwargs)


def SiT_L_2(**kwargs):
    return SiT(depth=24, hidden_size=1024, decoder_hidden_size=1024, patch_size=2, num_heads=16, **kwargs)


def SiT_B_2(**kwargs):
    return SiT(depth=12, hidden_size=768, decoder_hidden_size=768, patch_size=2, num_heads=12, **kwargs)


SiT_models = {
    'SiT-XL/2': SiT_XL_2,
    'SiT-L/2': SiT_L_2,
    'SiT-B/2': SiT_B_2,
}
