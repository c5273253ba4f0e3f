"""Causal LM training: YAML settings, command-line overrides, DDP."""
import argparse

import torch
import torch.distributed as dist
import yaml
from datasets import load_dataset
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--batch_size", type=int)
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    if args.lr is not None:
        cfg["lr"] = args.lr
    if args.batch_size is not None:
        cfg["batch_size"] = args.batch_size
    dist.init_process_group("nccl")
    model = DDP(AutoModelForCausalLM.from_pretrained(cfg["model_name"]).cuda())
    data = load_dataset(cfg["dataset"], split="train")
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])


if __name__ == "__main__":
    main()
