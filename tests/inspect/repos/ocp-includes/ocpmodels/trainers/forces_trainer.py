import torch
from torch.nn.parallel import DistributedDataParallel


class ForcesTrainer:
    def __init__(self, task, model, dataset, optimizer, identifier, is_debug=False, amp=False):
        self.config = {"task": task, "model": model, "dataset": dataset, "optim": optimizer}
        self.scaler = torch.cuda.amp.GradScaler() if amp else None
        self.model = DistributedDataParallel(torch.nn.Linear(1, 1))

    def train(self):
        for epoch in range(self.config["optim"]["max_epochs"]):
            with torch.cuda.amp.autocast(enabled=self.scaler is not None):
                pass
