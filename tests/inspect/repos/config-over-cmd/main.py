# Fixture (a research script where the config file wins): parse_args() first, then every key of
# the --config YAML is written over the parsed arguments (setattr), so a value in the file beats the
# same option on the command line; options the file does not set keep the command line's value.
import argparse

import torch
import yaml
from torch.nn.parallel import DistributedDataParallel as DDP
from transformers import AutoModelForCausalLM


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--config", type=str, required=True)
    p.add_argument("--model_name", type=str, default="gpt2")
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--batch_size", type=int, default=8)
    p.add_argument("--max_steps", type=int, default=1000)
    p.add_argument("--data_path", type=str, default="data/train.jsonl")
    args = p.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    for k, v in cfg.items():
        setattr(args, k, v)
    return args


def main():
    args = get_args()
    torch.distributed.init_process_group("nccl")
    model = AutoModelForCausalLM.from_pretrained(args.model_name)
    model = DDP(model.cuda())


if __name__ == "__main__":
    main()
