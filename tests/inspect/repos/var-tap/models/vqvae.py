"""The multi-scale VQ tokenizer."""
import torch.nn as nn


class VQVAE(nn.Module):
    def __init__(self, vocab_size=4096, z_channels=32, ch=128, test_mode=True, share_quant_resi=4, v_patch_nums=()):
        super().__init__()
