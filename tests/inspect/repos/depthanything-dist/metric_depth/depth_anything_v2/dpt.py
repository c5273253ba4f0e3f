# DINOv2 encoder with a DPT head regressing metric depth (sigmoid times max_depth).
import torch
import torch.nn as nn


class DepthAnythingV2(nn.Module):
    def __init__(self, encoder='vitl', features=256, out_channels=[256, 512, 1024, 1024], use_bn=False,
                 use_clstoken=False, max_depth=20.0):
        super(DepthAnythingV2, self).__init__()
        self.intermediate_layer_idx = {
            'vits': [2, 5, 8, 11],
            'vitb': [2, 5, 8, 11],
            'vitl': [4, 11, 17, 23],
            'vitg': [9, 19, 29, 39]
        }
        self.max_depth = max_depth
        self.encoder = encoder
