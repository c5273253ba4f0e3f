# Pre-trains a Mistral-shaped model whose shape is read from a JSON file at run time and passed as
# **kwargs: the class's defaults cannot be known to apply (own fixture).
import argparse
import json

import torch
from transformers import MistralConfig, MistralForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model_config", type=str, default="configs/small.json")
    p.add_argument("--lr", type=float, default=3e-4)
    args = p.parse_args()
    with open(args.model_config) as f:
        shape = json.load(f)
    config = MistralConfig(attention_dropout=0.0, **shape)
    model = MistralForCausalLM(config)
    model = torch.nn.parallel.DistributedDataParallel(model.cuda())


if __name__ == "__main__":
    main()
