from dataclasses import dataclass
import torch.nn as nn


@dataclass
class GPTConfig:
    n_layer: int = 12
    n_head: int = 12
    n_embd: int = 768
    vocab_size: int = 50257
    block_size: int = 1024


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
