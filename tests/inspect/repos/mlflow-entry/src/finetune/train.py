"""Causal-LM fine-tuning loop under Accelerate."""
import argparse

import torch
from accelerate import Accelerator
from datasets import load_dataset
from transformers import AutoModelForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model_name", default="EleutherAI/pythia-160m")
    p.add_argument("--lr", type=float, default=1e-5)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--dataset", default="tatsu-lab/alpaca")
    p.add_argument("--batch_size", type=int, default=8)
    args = p.parse_args()
    accelerator = Accelerator()
    model = AutoModelForCausalLM.from_pretrained(args.model_name)
    data = load_dataset(args.dataset, split="train")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, opt = accelerator.prepare(model, opt)


if __name__ == "__main__":
    main()
