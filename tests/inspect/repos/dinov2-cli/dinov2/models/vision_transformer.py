"""ViT sizes by name (fixture)."""


class DinoVisionTransformer:
    def __init__(self, img_size=224, patch_size=16, embed_dim=768, depth=12, num_heads=12, mlp_ratio=4, **kw):
        self.embed_dim = embed_dim


def vit_small(patch_size=16, **kwargs):
    return DinoVisionTransformer(patch_size=patch_size, embed_dim=384, depth=12, num_heads=6, **kwargs)


def vit_base(patch_size=16, **kwargs):
    return DinoVisionTransformer(patch_size=patch_size, embed_dim=768, depth=12, num_heads=12, **kwargs)


def vit_large(patch_size=16, **kwargs):
    return DinoVisionTransformer(patch_size=patch_size, embed_dim=1024, depth=24, num_heads=16, **kwargs)
