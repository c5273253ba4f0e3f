"""Schedulers and small helpers for the pre-training loop."""
import math

import torch


def get_scheduler(optimizer, *, scheduler_type, num_training_steps, warmup_steps, min_lr_ratio):
    def lr_lambda(step):
        if step < warmup_steps:
            return step / max(1, warmup_steps)
        progress = (step - warmup_steps) / max(1, num_training_steps - warmup_steps)
        return min_lr_ratio + (1 - min_lr_ratio) * 0.5 * (1 + math.cos(math.pi * progress))
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda)
