import torch


class UNet3DConditionModel(torch.nn.Module):
    @classmethod
    def from_pretrained_2d(cls, path, subfolder=None):
        return cls()
