"""The training loop."""
import deepspeed
import torch


def pretrain(neox_args):
    model, optimizer, _, _ = deepspeed.initialize(model=None, args=neox_args)
