# optimizers.py - one AdamW and OneCycle schedule per part
import torch


def build_optimizer(parameters_dict, scheduler_params_dict, lr):
    return {k: torch.optim.AdamW(p, lr=lr, weight_decay=1e-4, betas=(0.0, 0.99), eps=1e-9) for k, p in parameters_dict.items()}
