# The default trainer: its schedule is fixed in the constructor.
import torch
from torch import autocast
from torch.nn.parallel import DistributedDataParallel as DDP


class nnUNetTrainer(object):
    def __init__(self, plans, configuration, fold, dataset_json, device=torch.device("cuda")):
        self.initial_lr = 1e-2
        self.weight_decay = 3e-5
        self.num_iterations_per_epoch = 250
        self.num_epochs = 1000
        self.configuration_name = configuration
        self.fold = fold
        self.grad_scaler = torch.amp.GradScaler("cuda")

    def initialize(self, network):
        self.network = DDP(network)

    def train_step(self, batch):
        data = batch["data"].to(self.device, non_blocking=True)
        with autocast(self.device.type, enabled=True) if self.device.type == "cuda" else dummy_context():
            output = self.network(data)
        return output


class dummy_context(object):
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_val, exc_tb):
        pass
