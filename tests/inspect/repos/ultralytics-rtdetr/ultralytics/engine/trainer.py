import torch
from torch.nn.parallel import DistributedDataParallel as DDP


class BaseTrainer:
    def __init__(self, cfg):
        self.args = cfg
        self.world_size = len(str(cfg.get("device") or "0").split(","))

    def train(self):
        if self.world_size > 1:
            torch.distributed.init_process_group("nccl")
            self.model = DDP(self.model)
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.args.get("amp"))
