# model.py - Tacotron 2 (encoder, attention, decoder, postnet)
import torch.nn as nn


class Tacotron2(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.mask_padding = hparams.mask_padding
        self.n_mel_channels = hparams.n_mel_channels
