"""The Lightning module: the backbone chosen by config.backbone, the masked diffusion loss."""
import lightning as L
import torch

import models


class Diffusion(L.LightningModule):
    def __init__(self, config, tokenizer):
        super().__init__()
        self.config = config
        self.vocab_size = tokenizer.vocab_size
        if self.config.backbone == 'dit':
            self.backbone = models.dit.DIT(self.config, vocab_size=self.vocab_size)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.backbone.parameters(), lr=self.config.optim.lr,
                                      betas=(self.config.optim.beta1, self.config.optim.beta2),
                                      eps=self.config.optim.eps, weight_decay=self.config.optim.weight_decay)
        return optimizer
