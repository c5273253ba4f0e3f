# A Llama transformer (own fixture; shape only).
from dataclasses import dataclass


@dataclass
class ModelArgs:
    dim: int = 4096
    n_layers: int = 32
    n_heads: int = 32
    vocab_size: int = -1
    multiple_of: int = 256
    max_seq_len: int = 2048


class Transformer:
    def __init__(self, args):
        self.args = args
