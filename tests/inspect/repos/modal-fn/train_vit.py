"""timm ViT on ImageNet with DDP."""
import argparse

import timm
import torch
from torch.nn.parallel import DistributedDataParallel as DDP

p = argparse.ArgumentParser()
p.add_argument("--model", default="vit_small_patch16_224")
p.add_argument("--epochs", type=int, default=300)
p.add_argument("--batch-size", type=int, default=256)
args = p.parse_args()
torch.distributed.init_process_group("nccl")
model = DDP(timm.create_model(args.model).cuda())
