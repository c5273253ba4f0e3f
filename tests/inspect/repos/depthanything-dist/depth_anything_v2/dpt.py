# Relative-depth model (the repository root's copy, used by run.py for inference).
import torch.nn as nn


class DepthAnythingV2(nn.Module):
    def __init__(self, encoder='vitl', features=256, out_channels=[256, 512, 1024, 1024]):
        super().__init__()
