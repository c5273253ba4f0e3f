"""Run this script with 'torchrun': torchrun --nproc_per_node=8 scripts/train.py CONFIG [--key=value ...]"""
import sys

import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP

from olmo import OLMo, TrainConfig


def clean_opt(arg: str) -> str:
    if "=" not in arg:
        arg = f"{arg}=True"
    name, val = arg.split("=", 1)
    return f"{name.strip('-').replace('-', '_')}={val}"


def main(cfg: TrainConfig) -> None:
    dist.init_process_group(backend="nccl")
    olmo_model = OLMo(cfg.model)
    fsdp_model = FSDP(olmo_model, sharding_strategy=cfg.fsdp.sharding_strategy)


if __name__ == "__main__":
    try:
        yaml_path, args_list = sys.argv[1], sys.argv[2:]
    except IndexError:
        raise SystemExit(f"Usage: {sys.argv[0]} [CONFIG_PATH] [OPTIONS]")
    cfg = TrainConfig.load(yaml_path, [clean_opt(s) for s in args_list])
    main(cfg)
