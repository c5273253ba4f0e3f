# A small UNet (fixture).
import torch.nn as nn


class UNetModel(nn.Module):
    def __init__(self, in_channels, model_channels, num_res_blocks):
        super().__init__()
        self.inp = nn.Conv2d(in_channels, model_channels, 3, padding=1)
