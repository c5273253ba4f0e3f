import torch.nn as nn


class VisionLanguageModel(nn.Module):
    def __init__(self, cfg, load_backbone=True):
        super().__init__()
        self.cfg = cfg
        self.vision_encoder = nn.Linear(cfg.vit_hidden_dim, cfg.vit_hidden_dim)
        self.decoder = nn.Linear(cfg.lm_hidden_dim, cfg.lm_vocab_size)
        self.MP = nn.Linear(cfg.vit_hidden_dim * cfg.mp_pixel_shuffle_factor ** 2, cfg.lm_hidden_dim)
