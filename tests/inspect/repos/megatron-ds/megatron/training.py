"""Training loop."""
import torch
from torch.nn.parallel import DistributedDataParallel as torchDDP


def pretrain(model_provider):
    torch.distributed.init_process_group(backend="nccl")
