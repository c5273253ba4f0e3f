# Pretrains a small mixture-of-experts decoder from a config folder (fixture).
import argparse

import torch
from transformers import AutoConfig, AutoModelForCausalLM, Trainer, TrainingArguments


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config_dir", default="configs/moe-small")
    parser.add_argument("--dataset_name", default="roneneldan/TinyStories")
    parser.add_argument("--per_device_train_batch_size", type=int, default=8)
    parser.add_argument("--max_seq_length", type=int, default=1024)
    args = parser.parse_args()
    config = AutoConfig.from_pretrained(args.config_dir)
    model = AutoModelForCausalLM.from_config(config, torch_dtype=torch.bfloat16)
    targs = TrainingArguments(output_dir="out", per_device_train_batch_size=args.per_device_train_batch_size, bf16=True)
    Trainer(model=model, args=targs).train()


if __name__ == "__main__":
    main()
