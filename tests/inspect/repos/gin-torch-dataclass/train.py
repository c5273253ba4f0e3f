import argparse
import gin
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from mdl import data
from mdl.config import TrainConfig

parser = argparse.ArgumentParser()
parser.add_argument("--gin_file", action="append", default=[])
parser.add_argument("--gin_bindings", action="append", default=[])
args = parser.parse_args()
gin.parse_config_files_and_bindings(args.gin_file, args.gin_bindings)
cfg = TrainConfig()

dist.init_process_group("nccl")
train_data = data.load_dataset(cfg.data_root, "train", cfg.seq_len)
val_data = data.load_dataset(cfg.data_root, "val", cfg.seq_len)
model = torch.nn.Transformer(d_model=512).cuda()
model = DDP(model)
opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
for step in range(cfg.max_steps):
    loss = model(torch.zeros(1, 1, 512).cuda(), torch.zeros(1, 1, 512).cuda()).sum()
    loss.backward()
    opt.step()
