import flashy
import torch


class MusicGenSolver:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = torch.nn.Linear(cfg.transformer_lm.dim, cfg.transformer_lm.card)
        if self.cfg.fsdp.use:
            from torch.distributed.fsdp import FullyShardedDataParallel
            self.model = FullyShardedDataParallel(self.model)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=cfg.optim.lr)
        self.autocast_dtype = {'float16': torch.float16, 'bfloat16': torch.bfloat16}[cfg.autocast_dtype]

    def restore(self):
        pass

    def run(self):
        for epoch in range(self.cfg.optim.epochs):
            with torch.autocast('cuda', dtype=self.autocast_dtype, enabled=self.cfg.autocast):
                loss = self.model(torch.zeros(self.cfg.transformer_lm.dim)).sum()
            loss.backward()
            if not self.cfg.fsdp.use:
                flashy.distrib.sync_model(self.model)
            self.optimizer.step()
