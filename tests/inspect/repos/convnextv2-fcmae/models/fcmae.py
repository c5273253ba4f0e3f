import torch.nn as nn


class FCMAE(nn.Module):
    def __init__(self, img_size=224, in_chans=3, depths=(3, 3, 9, 3), dims=(96, 192, 384, 768), decoder_depth=1,
                 decoder_embed_dim=512, patch_size=32, mask_ratio=0.6, norm_pix_loss=False):
        super().__init__()
        self.depths = depths


def convnextv2_atto(**kwargs):
    return FCMAE(depths=[2, 2, 6, 2], dims=[40, 80, 160, 320], **kwargs)


def convnextv2_base(**kwargs):
    return FCMAE(depths=[3, 3, 27, 3], dims=[128, 256, 512, 1024], **kwargs)


def convnextv2_large(**kwargs):
    return FCMAE(depths=[3, 3, 27, 3], dims=[192, 384, 768, 1536], **kwargs)
