# train_fsdp2.py - causal LM pretraining with per-block fully_shard (FSDP2) and torch.compile
import argparse
import os

import torch
import torch.distributed as dist
from datasets import load_dataset
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
from transformers import AutoConfig, AutoModelForCausalLM


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="meta-llama/Llama-3.2-1B")
    p.add_argument("--dataset", default="HuggingFaceFW/fineweb-edu")
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--steps", type=int, default=1000)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--seq-len", type=int, default=2048)
    p.add_argument("--compile", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    dist.init_process_group("nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    config = AutoConfig.from_pretrained(args.model)
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(config)
    mp = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
    for layer in model.model.layers:
        fully_shard(layer, mp_policy=mp)
    fully_shard(model, mp_policy=mp)
    if args.compile:
        model = torch.compile(model)
    ds = load_dataset(args.dataset, name="sample-10BT", split="train", streaming=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, fused=True)
    for step in range(args.steps):
        pass


if __name__ == "__main__":
    main()
