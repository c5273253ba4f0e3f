import torch


class Vits(torch.nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
