"""A language-model trainer with argparse options."""
import argparse

import torch
import torch.distributed as dist
from transformers import AutoModelForCausalLM

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="gpt2")
parser.add_argument("--learning_rate", type=float, default=1e-4)
parser.add_argument("--epochs", type=int, default=1)
parser.add_argument("--batch_size", type=int, default=8)
args = parser.parse_args()
dist.init_process_group("nccl")
model = AutoModelForCausalLM.from_pretrained(args.model)
model = torch.nn.parallel.DistributedDataParallel(model)
