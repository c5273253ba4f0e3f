"""A LightningModule wrapping a small MLP."""
import lightning as L
import torch


class MNISTLitModule(L.LightningModule):
    def __init__(self, optimizer, net):
        super().__init__()
        self.net = net
