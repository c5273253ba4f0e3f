"""Trains a small GPT on tokenized shards with DDP."""
import argparse

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from model import GPT

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--batch_size", type=int, default=16)
parser.add_argument("--max_steps", type=int, default=1000)
parser.add_argument("--data", help="folder of tokenized training shards")
args = parser.parse_args()

dist.init_process_group("nccl")
model = DDP(GPT().cuda())
optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
