"""A plain DDP trainer whose options come from a wrapper script."""
import argparse

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="gpt2")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--bf16", action="store_true")
    p.add_argument("--fp16", action="store_true")
    p.add_argument("--data", default="data/train.jsonl")
    args = p.parse_args()
    torch.distributed.init_process_group("nccl")
    model = DDP(AutoModelForCausalLM.from_pretrained(args.model))


if __name__ == "__main__":
    main()
