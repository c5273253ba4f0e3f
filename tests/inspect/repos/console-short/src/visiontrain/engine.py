"""Training loop of the fixture package."""
import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torchvision.datasets import ImageFolder


def fit(args):
    dist.init_process_group("nccl")
    model = DDP(timm.create_model(args.model).cuda())
    ds = ImageFolder(args.data)
    for epoch in range(args.epochs):
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=args.bf16):
            pass
