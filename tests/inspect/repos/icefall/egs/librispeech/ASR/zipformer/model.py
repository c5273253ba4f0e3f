# The transducer model: encoder, decoder and joiner put together.
import torch.nn as nn


class AsrModel(nn.Module):
    def __init__(self, encoder, decoder, joiner):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder
        self.joiner = joiner
