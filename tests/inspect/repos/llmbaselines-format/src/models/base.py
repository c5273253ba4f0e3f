# base.py - a GPT-2 style decoder (tied embeddings, 4x MLP)
import torch.nn as nn


class GPTBase(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd),
            wpe=nn.Embedding(config.sequence_length, config.n_embd),
            h=nn.ModuleList([nn.TransformerEncoderLayer(config.n_embd, config.n_head, 4 * config.n_embd) for _ in range(config.n_layer)]),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight
