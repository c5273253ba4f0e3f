"""A small Llama-style model; ModelArgs' defaults describe a 7B model the trainer never builds
(the trainer passes its own globals: mechanism seen in karpathy/llama2.c model.py)."""
from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class ModelArgs:
    dim: int = 4096
    n_layers: int = 32
    n_heads: int = 32
    n_kv_heads: Optional[int] = None
    vocab_size: int = 32000
    max_seq_len: int = 2048
    dropout: float = 0.0


class Transformer(torch.nn.Module):
    def __init__(self, params: ModelArgs):
        super().__init__()
        self.params = params
