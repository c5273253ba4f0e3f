# A set of 3D Gaussians: positions, colours as spherical harmonics, opacities, scales, rotations.
import torch
from torch import nn


class GaussianModel:
    def __init__(self, sh_degree: int):
        self.max_sh_degree = sh_degree
        self._xyz = torch.empty(0)
        self.optimizer = None

    def training_setup(self, training_args):
        l = [
            {"params": [self._xyz], "lr": training_args.position_lr_init, "name": "xyz"},
        ]
        self.optimizer = torch.optim.Adam(l, lr=0.0, eps=1e-15)
