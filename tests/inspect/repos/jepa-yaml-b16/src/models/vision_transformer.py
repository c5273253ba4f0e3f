from torch import nn


class VisionTransformer(nn.Module):
    def __init__(self, img_size=(224,), patch_size=16, embed_dim=768, depth=12, num_heads=12, mlp_ratio=4.0):
        super().__init__()
        self.blocks = nn.ModuleList([nn.TransformerEncoderLayer(embed_dim, num_heads, int(embed_dim * mlp_ratio)) for _ in range(depth)])


def vit_predictor(**kwargs):
    return VisionTransformer(embed_dim=384, **kwargs)


def vit_base(patch_size=16, **kwargs):
    return VisionTransformer(patch_size=patch_size, embed_dim=768, depth=12, num_heads=12, mlp_ratio=4, **kwargs)


def vit_huge(patch_size=16, **kwargs):
    return VisionTransformer(patch_size=patch_size, embed_dim=1280, depth=32, num_heads=16, mlp_ratio=4, **kwargs)
