#!/usr/bin/env python3
# train.py - an example training job for maple's README: a GPT-2 sized causal language model trained
# with PyTorch FSDP on a text dataset, launched by torchrun (one process per GPU).
import argparse
import os

import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from transformers import AutoModelForCausalLM, AutoTokenizer
from datasets import load_dataset

from data import make_loader


def parse_args():
    p = argparse.ArgumentParser(description="FSDP fine-tuning of a causal language model")
    p.add_argument("--model_name_or_path", default="gpt2-medium")
    p.add_argument("--dataset_name", default="wikitext")
    p.add_argument("--dataset_config", default="wikitext-103-raw-v1")
    p.add_argument("--per_device_train_batch_size", type=int, default=8)
    p.add_argument("--learning_rate", type=float, default=3e-4)
    p.add_argument("--num_train_epochs", type=int, default=3)
    p.add_argument("--max_seq_length", type=int, default=1024)
    p.add_argument("--output_dir", default="checkpoints/gpt2-medium-fsdp")
    p.add_argument("--bf16", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    tok = AutoTokenizer.from_pretrained(args.model_name_or_path)
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    model = FSDP(model, device_id=local_rank)
    opt = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    data = load_dataset(args.dataset_name, args.dataset_config, split="train")
    loader = make_loader(data, tok, args.max_seq_length, args.per_device_train_batch_size)
    for epoch in range(args.num_train_epochs):
        for step, batch in enumerate(loader):
            batch = {k: v.cuda() for k, v in batch.items()}
            loss = model(**batch).loss
            loss.backward()
            opt.step()
            opt.zero_grad()
            if dist.get_rank() == 0 and step % 50 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)
    if dist.get_rank() == 0:
        os.makedirs(args.output_dir, exist_ok=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
