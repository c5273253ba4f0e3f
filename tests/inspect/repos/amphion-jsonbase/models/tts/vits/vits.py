import torch.nn as nn


class SynthesizerTrn(nn.Module):
    def __init__(self, cfg):
        super().__init__()
