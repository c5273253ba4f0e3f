"""The scale-wise autoregressive transformer."""
import torch.nn as nn


class VAR(nn.Module):
    def __init__(self, vae_local, num_classes=1000, depth=16, embed_dim=1024, num_heads=16, mlp_ratio=4.,
                 drop_path_rate=0., norm_eps=1e-6, shared_aln=False, cond_drop_rate=0.1, attn_l2_norm=False,
                 patch_nums=(1, 2, 3, 4, 5, 6, 8, 10, 13, 16), flash_if_available=True):
        super().__init__()
        self.depth, self.C, self.D, self.num_heads = depth, embed_dim, embed_dim, num_heads
