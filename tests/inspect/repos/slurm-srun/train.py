"""Fine-tunes a GPT-2 checkpoint with DDP (fixture for Slurm srun + torchrun launches)."""
import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM

from data import TokenFiles


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--model_name", default="gpt2")
    p.add_argument("--data_dir", required=True)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--batch_size", type=int, default=8)
    p.add_argument("--max_steps", type=int, default=1000)
    p.add_argument("--weight_decay", type=float, default=0.1)
    p.add_argument("--bf16", action="store_true")
    return p.parse_args()


def main():
    args = parse()
    dist.init_process_group("nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    model = AutoModelForCausalLM.from_pretrained(args.model_name).cuda()
    model = DDP(model)
    data = TokenFiles(args.data_dir)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    dtype = torch.bfloat16 if args.bf16 else torch.float32
    for step in range(args.max_steps):
        with torch.autocast("cuda", dtype=dtype):
            loss = model(**data.batch(args.batch_size)).loss
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
