import torch.nn as nn
from timm.models.registry import register_model


class VisionMamba(nn.Module):
    def __init__(self, img_size=224, patch_size=16, stride=16, depth=24, embed_dim=192, **kwargs):
        super().__init__()


@register_model
def vim_tiny_patch16_224_bimambav2_final_pool_mean_abs_pos_embed_with_midclstok_div2(pretrained=False, **kwargs):
    return VisionMamba(patch_size=16, embed_dim=192, depth=24, **kwargs)


@register_model
def vim_small_patch16_stride8_224_bimambav2_final_pool_mean_abs_pos_embed_with_midclstok_div2(pretrained=False, **kwargs):
    return VisionMamba(patch_size=16, stride=8, embed_dim=384, depth=24, **kwargs)
