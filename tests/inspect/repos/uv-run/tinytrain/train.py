"""Trains a Qwen2 model on a Hub data set (fixture for `uv run torchrun -m ...` commands)."""
import argparse

import torch
import torch.distributed as dist
from datasets import load_dataset
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from transformers import AutoModelForCausalLM


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2-0.5B")
    ap.add_argument("--dataset", default="roneneldan/TinyStories")
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--micro-batch", type=int, default=8)
    ap.add_argument("--steps", type=int, default=5000)
    args = ap.parse_args()
    dist.init_process_group("nccl")
    model = FSDP(AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16))
    data = load_dataset(args.dataset, split="train")


if __name__ == "__main__":
    main()
