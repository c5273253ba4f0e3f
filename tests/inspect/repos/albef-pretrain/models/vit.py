import torch.nn as nn


class VisionTransformer(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
