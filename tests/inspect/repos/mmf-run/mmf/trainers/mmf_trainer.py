import torch
from torch.nn.parallel import DistributedDataParallel


class MMFTrainer:
    def __init__(self, config):
        self.config = config
        self.training_config = config.training

    def load(self):
        self.model = torch.nn.Linear(8, 8)
        if self.config.distributed.world_size > 1:
            self.model = DistributedDataParallel(self.model, device_ids=[self.config.device_id],
                                                 find_unused_parameters=self.training_config.find_unused_parameters)
        self.scaler = torch.cuda.amp.GradScaler(enabled=self.training_config.fp16)

    def train(self):
        for update in range(self.training_config.max_updates):
            with torch.cuda.amp.autocast(enabled=self.training_config.fp16):
                loss = self.model(torch.zeros(8)).sum()
            self.scaler.scale(loss).backward()
