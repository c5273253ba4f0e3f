"""GPT-2 pretraining with DeepSpeed ZeRO-1 inside a container."""
import argparse

import deepspeed
from transformers import GPT2Config, GPT2LMHeadModel

p = argparse.ArgumentParser()
p.add_argument("--n_layer", type=int, default=12)
p.add_argument("--n_embd", type=int, default=768)
p.add_argument("--n_head", type=int, default=12)
p.add_argument("--train_steps", type=int, default=10000)
p.add_argument("--data_path", default="data/owt")
p = deepspeed.add_config_arguments(p)
args = p.parse_args()
model = GPT2LMHeadModel(GPT2Config(n_layer=args.n_layer, n_embd=args.n_embd, n_head=args.n_head))
engine, _, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())
