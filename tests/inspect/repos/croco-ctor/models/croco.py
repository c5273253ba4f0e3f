# The cross-view completion network: a ViT encoder and a decoder attending to the second view.
import torch.nn as nn


class CroCoNet(nn.Module):
    def __init__(self, img_size=224, patch_size=16, mask_ratio=0.9, enc_embed_dim=768, enc_depth=12, enc_num_heads=12,
                 dec_embed_dim=512, dec_depth=8, dec_num_heads=16, pos_embed='cosine'):
        super().__init__()
        self.enc_depth = enc_depth
