import torch.nn as nn


class DAC(nn.Module):
    def __init__(self, encoder_dim: int = 64, encoder_rates: list = [2, 4, 8, 8], latent_dim: int = None,
                 decoder_dim: int = 1536, decoder_rates: list = [8, 8, 4, 2], n_codebooks: int = 9,
                 codebook_size: int = 1024, codebook_dim: int = 8, sample_rate: int = 44100):
        super().__init__()
        self.sample_rate = sample_rate
