"""Reconstruction, perceptual and adversarial losses."""
import torch.nn as nn


class ReconstructionLoss(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.weight = config.losses.reconstruction_weight

    def forward(self, inputs, reconstructions, extra, step):
        loss = ((inputs - reconstructions) ** 2).mean() * self.weight
        return loss, {}
