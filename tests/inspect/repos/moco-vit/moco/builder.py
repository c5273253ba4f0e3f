import torch.nn as nn


class MoCo(nn.Module):
    def __init__(self, base_encoder, dim=256, mlp_dim=4096, T=1.0):
        super().__init__()
        self.base_encoder = base_encoder(num_classes=mlp_dim)
        self.momentum_encoder = base_encoder(num_classes=mlp_dim)


class MoCo_ResNet(MoCo):
    pass


class MoCo_ViT(MoCo):
    pass
