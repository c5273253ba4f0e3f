"""Speech model training: a JSON experiment over its base_config, the data described in its own file."""
import argparse
import json
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def load(path):
    with open(path) as f:
        cfg = json.load(f)
    if "base_config" in cfg:
        base = load(os.path.join(os.getcwd(), cfg.pop("base_config")))
        base.update(cfg)
        cfg = base
    return cfg


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    args = parser.parse_args()
    cfg = load(args.config)
    dist.init_process_group("nccl")
    model = DDP(torch.nn.Linear(80, 256).cuda())
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])


if __name__ == "__main__":
    main()
