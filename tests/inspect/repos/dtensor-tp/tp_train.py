"""Llama-style model with tensor parallelism from torch.distributed.tensor.parallel (fixture): a 2-D
device mesh, FSDP over the data-parallel dimension, parallelize_module over the TP dimension."""
import argparse

import torch
from torch.distributed._composable.fsdp import fully_shard
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

from model import ModelArgs, Transformer

parser = argparse.ArgumentParser()
parser.add_argument("--tp", type=int, default=2, help="tensor parallel degree")
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--steps", type=int, default=1000)
args = parser.parse_args()

mesh = init_device_mesh("cuda", (4, args.tp), mesh_dim_names=("dp", "tp"))
model = Transformer(ModelArgs(dim=4096, n_layers=32, n_heads=32, vocab_size=32000))
for block in model.layers:
    parallelize_module(block, mesh["tp"], {"attention.wq": ColwiseParallel(), "attention.wo": RowwiseParallel()})
model = fully_shard(model, mesh=mesh["dp"])
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
