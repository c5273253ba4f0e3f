"""An RNN-style language model whose width and depth come from the options."""
import pytorch_lightning as pl
import torch.nn as nn


class RWKV(pl.LightningModule):
    def __init__(self, args):
        super().__init__()
        self.emb = nn.Embedding(args.vocab_size, args.n_embd)
        self.blocks = nn.ModuleList([nn.Linear(args.n_embd, args.n_embd) for _ in range(args.n_layer)])
