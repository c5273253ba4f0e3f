import torch.nn as nn


class GaussianDiffusion(nn.Module):
    def __init__(self, dtype, model, T):
        super().__init__()
        self.model = model
