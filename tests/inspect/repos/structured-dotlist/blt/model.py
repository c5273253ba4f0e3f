"""A byte-level decoder."""
import torch.nn as nn


class ByteTransformer(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.tok = nn.Embedding(args.vocab_size, args.dim)
        layer = nn.TransformerEncoderLayer(args.dim, args.n_heads, 4 * args.dim, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, args.n_layers)
        self.out = nn.Linear(args.dim, args.vocab_size)

    def forward(self, x):
        return self.out(self.layers(self.tok(x))).mean()
