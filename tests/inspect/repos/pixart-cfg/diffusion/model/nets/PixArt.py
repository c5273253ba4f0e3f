import torch.nn as nn

from diffusion.model.builder import MODELS


class PixArt(nn.Module):
    def __init__(self, input_size=32, patch_size=2, in_channels=4, hidden_size=1152, depth=28, num_heads=16, mlp_ratio=4.0, **kwargs):
        super().__init__()
        self.blocks = nn.ModuleList([nn.TransformerEncoderLayer(hidden_size, num_heads, int(hidden_size * mlp_ratio)) for _ in range(depth)])


@MODELS.register_module()
def PixArt_XL_2(**kwargs):
    return PixArt(depth=28, hidden_size=1152, patch_size=2, num_heads=16, **kwargs)
