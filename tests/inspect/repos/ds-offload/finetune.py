"""Full fine-tuning of a 13B model with ZeRO-3 and CPU offload (fixture)."""
import argparse

import deepspeed
import torch
from datasets import load_dataset
from transformers import AutoModelForCausalLM

parser = argparse.ArgumentParser()
parser.add_argument("--model_name_or_path", default="meta-llama/Llama-2-13b-hf")
parser.add_argument("--data_path", default="data/sharegpt.json")
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--local_rank", type=int, default=-1)
parser = deepspeed.add_config_arguments(parser)
args = parser.parse_args()

model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())
data = load_dataset("json", data_files=args.data_path)
