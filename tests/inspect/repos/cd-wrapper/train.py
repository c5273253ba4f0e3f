# Causal LM SFT with DeepSpeed (fixture).
import argparse

import deepspeed
from transformers import AutoModelForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model_name_or_path", required=True)
    p.add_argument("--data_path", default="data/train.jsonl")
    p.add_argument("--lr", type=float, default=1e-5)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--micro_batch_size", type=int, default=2)
    p.add_argument("--deepspeed_config", default="ds_config.json")
    p = deepspeed.add_config_arguments(p)
    args = p.parse_args()
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    engine, _, _, _ = deepspeed.initialize(model=model, config=args.deepspeed_config)


if __name__ == "__main__":
    main()
