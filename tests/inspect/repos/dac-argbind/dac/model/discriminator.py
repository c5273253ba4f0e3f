import torch.nn as nn


class Discriminator(nn.Module):
    def __init__(self, rates=[], periods=[2, 3, 5, 7, 11]):
        super().__init__()
