import torch.nn as nn


class VisionTransformer(nn.Module):
    def __init__(self, patch_size=16, embed_dim=768, depth=12, num_heads=12):
        super().__init__()


def vit_small(patch_size=16, **kwargs):
    return VisionTransformer(patch_size=patch_size, embed_dim=384, depth=12, num_heads=6, **kwargs)
