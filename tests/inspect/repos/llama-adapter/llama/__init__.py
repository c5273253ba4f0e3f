from dataclasses import dataclass

import torch.nn as nn


@dataclass
class ModelArgs:
    dim: int = 512
    n_layers: int = 8
    n_heads: int = 8
    vocab_size: int = -1
    multiple_of: int = 256
    norm_eps: float = 1e-5
    max_batch_size: int = 32
    max_seq_len: int = 2048
    adapter_len: int = 10
    adapter_layer: int = 8


class Transformer(nn.Module):
    def __init__(self, params: ModelArgs):
        super().__init__()


class Tokenizer:
    def __init__(self, model_path):
        self.n_words = 32000
