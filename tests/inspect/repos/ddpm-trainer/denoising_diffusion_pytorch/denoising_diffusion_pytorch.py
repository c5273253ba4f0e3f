import torch
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader


class Unet(nn.Module):
    def __init__(self, dim, dim_mults=(1, 2, 4, 8), channels=3, flash_attn=False):
        super().__init__()
        self.dim = dim


class GaussianDiffusion(nn.Module):
    def __init__(self, model, *, image_size, timesteps=1000, sampling_timesteps=None):
        super().__init__()
        self.model = model
        self.image_size = image_size


class Trainer:
    def __init__(
        self,
        diffusion_model,
        folder,
        *,
        train_batch_size=16,
        gradient_accumulate_every=1,
        train_lr=1e-4,
        train_num_steps=100000,
        ema_decay=0.995,
        amp=False,
        mixed_precision_type="fp16",
        calculate_fid=True,
    ):
        self.accelerator = Accelerator(mixed_precision=mixed_precision_type if amp else "no")
        self.model = diffusion_model
        self.batch_size = train_batch_size
        self.train_num_steps = train_num_steps
        self.opt = torch.optim.Adam(diffusion_model.parameters(), lr=train_lr)
        self.model, self.opt = self.accelerator.prepare(self.model, self.opt)

    def train(self):
        for step in range(self.train_num_steps):
            loss = self.model(torch.zeros(1)).mean()
            self.accelerator.backward(loss)
            self.opt.step()
