# Fine-tunes a causal LM with DeepSpeed ZeRO-2; every setting is an argparse flag (own fixture).
import argparse

import deepspeed
import torch
from transformers import AutoModelForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model_name_or_path", type=str, required=True)
    p.add_argument("--data_path", type=str, default="data/train.jsonl")
    p.add_argument("--learning_rate", type=float, default=1e-5)
    p.add_argument("--per_device_train_batch_size", type=int, default=4)
    p.add_argument("--num_train_epochs", type=int, default=1)
    p.add_argument("--max_seq_len", type=int, default=512)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--local_rank", type=int, default=-1)
    p = deepspeed.add_config_arguments(p)
    args = p.parse_args()
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    engine, *_ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())


if __name__ == "__main__":
    main()
