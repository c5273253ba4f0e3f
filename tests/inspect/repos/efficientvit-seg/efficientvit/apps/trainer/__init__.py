# trainer package: the classification run config and trainer
import torch
import torch.nn as nn


class ClsRunConfig:
    def __init__(self, n_epochs, init_lr, warmup_epochs, warmup_lr, lr_schedule_name, optimizer_name, weight_decay, **kwargs):
        self.n_epochs = n_epochs
        self.init_lr = init_lr
        self.weight_decay = weight_decay


class ClsTrainer:
    def __init__(self, path, model, data_provider, auto_restart_thresh=None):
        self.path = path
        self.model = model
        self.data_provider = data_provider

    def prep_for_training(self, run_config, ema_decay=None, amp="fp32"):
        self.run_config = run_config
        self.network = nn.parallel.DistributedDataParallel(self.model.cuda(), device_ids=[torch.cuda.current_device()], static_graph=True)
        self.amp = amp
        self.scaler = torch.cuda.amp.GradScaler(enabled=self.enable_amp)

    @property
    def enable_amp(self):
        return self.amp != "fp32"

    @property
    def amp_dtype(self):
        if self.amp == "fp16":
            return torch.float16
        elif self.amp == "bf16":
            return torch.bfloat16
        return torch.float32

    def train(self, save_freq=1):
        for epoch in range(self.run_config.n_epochs):
            for images, labels in self.data_provider.train:
                with torch.autocast(device_type="cuda", dtype=self.amp_dtype, enabled=self.enable_amp):
                    loss = nn.functional.cross_entropy(self.network(images), labels)
                self.scaler.scale(loss).backward()
