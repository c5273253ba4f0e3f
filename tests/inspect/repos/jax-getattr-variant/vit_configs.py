"""Model sizes of the Vision Transformer (Dosovitskiy et al., Table 1), one function per variant."""


def get_ti16_config():
    return dict(patch_size=16, hidden_size=192, num_layers=12, num_heads=3, mlp_dim=768)


def get_s16_config():
    return dict(patch_size=16, hidden_size=384, num_layers=12, num_heads=6, mlp_dim=1536)


def get_b16_config():
    return dict(patch_size=16, hidden_size=768, num_layers=12, num_heads=12, mlp_dim=3072)


def get_l16_config():
    return dict(patch_size=16, hidden_size=1024, num_layers=24, num_heads=16, mlp_dim=4096)
