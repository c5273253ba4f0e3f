# The trainer Hydra instantiates: DDP over the model, AMP as the optim section says.
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


class Trainer:
    def __init__(self, *, data, model, logging, checkpoint, max_epochs, mode="train", accelerator="cuda",
                 seed_value=123, optim=None, distributed=None, cuda=None, loss=None):
        dist.init_process_group(backend=distributed.backend)
        self.model = DistributedDataParallel(model.cuda(), find_unused_parameters=distributed.find_unused_parameters)
        self.max_epochs = max_epochs
        self.amp = optim.amp

    def run(self):
        for epoch in range(self.max_epochs):
            with torch.cuda.amp.autocast(enabled=self.amp.enabled, dtype=getattr(torch, self.amp.amp_dtype)):
                pass
