import torch


class GlowTTS(torch.nn.Module):
    def __init__(self, config, ap=None, tokenizer=None, speaker_manager=None):
        super().__init__()
        self.config = config

    @staticmethod
    def init_from_config(config):
        return GlowTTS(config)
