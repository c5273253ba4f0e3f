"""Pre-trains a GPT-2 shaped model from a config file on OpenWebText."""
import argparse

import torch
from datasets import load_dataset
from transformers import AutoConfig, AutoModelForCausalLM

parser = argparse.ArgumentParser()
parser.add_argument("--config", type=str, required=True, help="model config json")
parser.add_argument("--lr", type=float, default=6e-4)
parser.add_argument("--batch_size", type=int, default=16)
parser.add_argument("--steps", type=int, default=100000)
args = parser.parse_args()

config = AutoConfig.from_pretrained(args.config)
model = AutoModelForCausalLM.from_config(config)
data = load_dataset("Skylion007/openwebtext", split="train", streaming=True)
model = torch.nn.parallel.DistributedDataParallel(model.cuda())
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
for step, batch in enumerate(data):
    loss = model(**batch).loss
    loss.backward()
    opt.step()
