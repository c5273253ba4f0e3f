"""The training loop of the sparse coders, one per hookpoint."""
import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from .config import TrainConfig


class Trainer:
    def __init__(self, cfg: TrainConfig, dataset, model):
        self.cfg = cfg
        self.dataset = dataset
        self.model = model
        d_in = model.config.hidden_size
        num_latents = cfg.sae.num_latents or d_in * cfg.sae.expansion_factor
        self.saes = {"layers.0": nn.Linear(d_in, num_latents)}
        lr = cfg.lr or 2e-4 / (num_latents / (2**14)) ** 0.5
        self.optimizer = torch.optim.Adam([p for s in self.saes.values() for p in s.parameters()], lr=lr)

    def fit(self):
        ddp = dist.is_initialized() and not self.cfg.distribute_modules
        wrapped = {name: DDP(sae, device_ids=[dist.get_rank()]) if ddp else sae for name, sae in self.saes.items()}
        dl = DataLoader(self.dataset, batch_size=self.cfg.batch_size, shuffle=True)
        for i, batch in enumerate(dl):
            for name, sae in wrapped.items():
                loss = sae(batch["input_ids"].float()).pow(2).mean()
                loss.div(self.cfg.grad_acc_steps).backward()
            if (i + 1) % self.cfg.grad_acc_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
