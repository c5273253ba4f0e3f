# model.py - a small convolutional denoiser
import torch.nn as nn


class Denoiser(nn.Module):
    def __init__(self, channels=48, depth=5):
        super().__init__()
        self.layers = nn.Sequential(*[nn.Conv1d(channels, channels, 3, padding=1) for _ in range(depth)])
