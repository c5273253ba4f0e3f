"""Trains a decoder whose shape is the YAML named by --model (fixture)."""
import argparse

import torch
import torch.distributed as dist
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP

p = argparse.ArgumentParser()
p.add_argument("--model", default="lm_125m", help="configs/models/NAME.yaml")
p.add_argument("--train_data", default="data/train.bin")
p.add_argument("--lr", type=float, default=6e-4)
p.add_argument("--batch_size", type=int, default=32)
args = p.parse_args()
with open(f"configs/models/{args.model}.yaml") as f:
    shape = yaml.safe_load(f)
dist.init_process_group("nccl")
