"""A Llama-style transformer (fixture)."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass
class ModelArgs:
    dim: int = 512
    n_layers: int = 8
    n_heads: int = 8
    vocab_size: int = 32000
    multiple_of: int = 256


class Transformer(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.layers = nn.ModuleList()
