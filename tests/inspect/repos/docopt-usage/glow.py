# glow.py - the Glow model (blocks of flows)
import torch.nn as nn


class Glow(nn.Module):
    def __init__(self, in_channel, n_flow, n_block):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Conv2d(in_channel, in_channel, 1) for _ in range(n_block)])
