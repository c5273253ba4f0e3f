"""NCSN++: the U-Net of score SDEs."""
import torch
import torch.nn as nn
from . import utils


@utils.register_model(name='ncsnpp')
class NCSNpp(nn.Module):
  def __init__(self, config):
    super().__init__()
    self.nf = nf = config.model.nf
    ch_mult = config.model.ch_mult
    self.num_res_blocks = config.model.num_res_blocks
    self.conv_in = nn.Conv2d(config.data.num_channels, nf, 3, padding=1)
    self.blocks = nn.ModuleList([nn.Conv2d(nf, nf * m, 3, padding=1) for m in ch_mult])
    self.conv_out = nn.Conv2d(nf, config.data.num_channels, 3, padding=1)

  def forward(self, x, t):
    return self.conv_out(self.conv_in(x))
