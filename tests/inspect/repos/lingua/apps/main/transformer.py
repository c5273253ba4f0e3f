"""The decoder-only transformer of the main app."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass
class LMTransformerArgs:
    dim: int = 512
    n_layers: int = 8
    n_heads: int = 8
    vocab_size: int = -1


class LMTransformer(nn.Module):
    def __init__(self, args):
        super().__init__()
