# Confidence-weighted 3D regression losses.
import torch.nn as nn


class L21Loss(nn.Module):
    pass


L21 = L21Loss()


class Regr3D(nn.Module):
    def __init__(self, criterion, norm_mode='avg_dis', gt_scale=False):
        super().__init__()


class ConfLoss(nn.Module):
    def __init__(self, pixel_loss, alpha=1):
        super().__init__()
