import accelerate
import torch

from models.tts.vits.vits import SynthesizerTrn


class VITSTrainer:
    def __init__(self, args, cfg):
        self.cfg = cfg
        self.accelerator = accelerate.Accelerator(
            gradient_accumulation_steps=cfg.train.gradient_accumulation_step,
        )
        self.model = SynthesizerTrn(cfg.model)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), cfg.train.learning_rate,
                                           betas=cfg.train.AdamW.betas, eps=cfg.train.AdamW.eps)
        self.model, self.optimizer = self.accelerator.prepare(self.model, self.optimizer)

    def train_loop(self):
        for epoch in range(self.cfg.train.max_epoch):
            pass
