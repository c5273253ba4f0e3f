# Runs epochs: DDP when run.distributed, autocast when run.amp (fixture).
import torch
from torch.nn.parallel import DistributedDataParallel as DDP


class RunnerBase:
    def __init__(self, cfg, model):
        self.config = cfg
        if self.config.run_cfg.distributed:
            model = DDP(model)
        self.model = model
        self.scaler = torch.cuda.amp.GradScaler() if self.config.run_cfg.amp else None
