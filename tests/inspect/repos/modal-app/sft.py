"""SFT with Accelerate and FSDP."""
import argparse

from accelerate import Accelerator
from datasets import load_dataset
from transformers import AutoModelForCausalLM

p = argparse.ArgumentParser()
p.add_argument("--model_id", required=True)
p.add_argument("--lr", type=float, default=1e-5)
p.add_argument("--epochs", type=int, default=1)
p.add_argument("--dataset", default="tatsu-lab/alpaca")
args = p.parse_args()
accelerator = Accelerator()
model = AutoModelForCausalLM.from_pretrained(args.model_id)
data = load_dataset(args.dataset, split="train_sft")
