# Photometric losses.
import torch


def l1_loss(network_output, gt):
    return torch.abs((network_output - gt)).mean()
