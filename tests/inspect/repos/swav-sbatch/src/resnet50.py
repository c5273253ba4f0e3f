# resnet50.py - ResNets with a projection head and prototypes
import torch.nn as nn


class ResNet(nn.Module):
    def __init__(self, block=None, layers=None, normalize=False, output_dim=0, hidden_mlp=0, nmb_prototypes=0, widen=1):
        super(ResNet, self).__init__()
        self.projection_head = nn.Linear(2048 * widen, output_dim)


def resnet50(**kwargs):
    return ResNet(None, [3, 4, 6, 3], **kwargs)


def resnet50w2(**kwargs):
    return ResNet(None, [3, 4, 6, 3], widen=2, **kwargs)
