"""Swin-T classification started in the background with nohup (fixture)."""
import argparse

import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torchvision.datasets import ImageFolder

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="swin_tiny_patch4_window7_224")
parser.add_argument("--data", default="/data/imagenet/train")
parser.add_argument("--epochs", type=int, default=300)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--bs", type=int, default=128)
parser.add_argument("--fp16", action="store_true")
args = parser.parse_args()

dist.init_process_group("nccl")
model = DDP(timm.create_model(args.model).cuda())
train = ImageFolder(args.data)
