# pretrain.py - causal LM pretraining, one process per GPU (started by run.py through torchrun)
import argparse
import os

import torch
import torch.distributed as dist
import yaml
from datasets import load_dataset
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM


def get_args():
    cfg_parser = argparse.ArgumentParser(add_help=False)
    cfg_parser.add_argument("--config", default="")
    known, _ = cfg_parser.parse_known_args()
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="")
    parser.add_argument("--model_name", default="gpt2")
    parser.add_argument("--dataset_name", default="wikitext")
    parser.add_argument("--lr", type=float, default=6e-4)
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--block_size", type=int, default=1024)
    if known.config:
        with open(known.config) as f:
            parser.set_defaults(**yaml.safe_load(f))
    return parser.parse_args()


def main():
    args = get_args()
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = AutoModelForCausalLM.from_pretrained(args.model_name).cuda()
    model = DDP(model, device_ids=[local_rank])
    ds = load_dataset(args.dataset_name, "wikitext-103-raw-v1", split="train")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        for batch in torch.utils.data.DataLoader(ds, batch_size=args.batch_size):
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = model(**batch).loss
            loss.backward()
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    main()
