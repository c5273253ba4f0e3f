"""ViT pre-training, one process per GPU started by srun (fixture): ranks from SLURM_PROCID."""
import argparse
import os

import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torchvision import datasets, transforms

parser = argparse.ArgumentParser()
parser.add_argument("--arch", default="vit_small_patch16_224", help="model architecture")
parser.add_argument("--data-path", default="/data/imagenet")
parser.add_argument("--epochs", type=int, default=100)
parser.add_argument("--batch-size", type=int, default=64)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--weight-decay", type=float, default=0.05)
parser.add_argument("--amp", action="store_true")
args = parser.parse_args()

rank = int(os.environ["SLURM_PROCID"])
world = int(os.environ["SLURM_NTASKS"])
dist.init_process_group("nccl", rank=rank, world_size=world)
model = timm.create_model(args.arch).cuda()
model = DistributedDataParallel(model, device_ids=[rank % torch.cuda.device_count()])
train = datasets.ImageFolder(os.path.join(args.data_path, "train"), transform=transforms.ToTensor())
scaler = torch.cuda.amp.GradScaler(enabled=args.amp)
