"""GPT-2 pretraining with DDP; long option lists live in args/*.txt (python train.py @args/x.txt)."""
import argparse
import os

import torch
import torch.distributed as dist
from datasets import load_dataset
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM


def get_args():
    parser = argparse.ArgumentParser(fromfile_prefix_chars="@")
    parser.add_argument("--model", default="gpt2")
    parser.add_argument("--dataset", default="wikitext")
    parser.add_argument("--lr", type=float, default=1e-4)
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--max_steps", type=int, default=1000)
    parser.add_argument("--warmup_steps", type=int, default=100)
    parser.add_argument("--bf16", action="store_true")
    return parser.parse_args()


def main():
    args = get_args()
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    model = AutoModelForCausalLM.from_pretrained(args.model).to(local_rank)
    model = DDP(model, device_ids=[local_rank])
    data = load_dataset(args.dataset, split="train")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for step in range(args.max_steps):
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=args.bf16):
            pass


if __name__ == "__main__":
    main()
