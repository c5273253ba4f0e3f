import torch.nn as nn


class OLMo(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
