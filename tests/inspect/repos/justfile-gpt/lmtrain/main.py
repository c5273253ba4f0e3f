"""GPT pretraining entry point: a YAML config, command-line overrides, FSDP over all ranks."""
import argparse

import torch
import torch.distributed as dist
import yaml
from datasets import load_dataset
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP, MixedPrecision

from lmtrain.model import GPT, GPTConfig


def load_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--max_steps", type=int)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--batch_size", type=int)
    parser.add_argument("--out_dir", default="out")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    for key, value in vars(args).items():
        if value is not None and key != "config":
            cfg[key] = value
    return cfg


def main():
    cfg = load_config()
    dist.init_process_group("nccl")
    model = GPT(GPTConfig(n_layer=cfg["n_layer"], n_head=cfg["n_head"], n_embd=cfg["n_embd"],
                          vocab_size=cfg["vocab_size"], block_size=cfg["block_size"]))
    dtype = getattr(torch, cfg["dtype"])
    model = FSDP(model, mixed_precision=MixedPrecision(param_dtype=dtype, reduce_dtype=dtype))
    data = load_dataset(cfg["dataset"], split="train")
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    for step in range(cfg["max_steps"]):
        pass


if __name__ == "__main__":
    main()
