import argparse

import deepspeed
from transformers import AutoModelForCausalLM
from datasets import load_dataset


def get_train_ds_config(stage, dtype):
    return {"zero_optimization": {"stage": stage}, "bf16": {"enabled": dtype == "bf16"}}


def train(args):
    model = AutoModelForCausalLM.from_pretrained(args.model.model_name_or_path)
    data = load_dataset(args.data.dataset)
    engine, *_ = deepspeed.initialize(model=model, config=get_train_ds_config(stage=args.ds.zero_stage, dtype=args.ds.param_dtype))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--ds.zero_stage", type=int, default=2, help="DeepSpeed ZeRO stage")
    parser.add_argument("--ds.param_dtype", type=str, default="bf16", choices=["bf16", "fp16"])
    parser.add_argument("--train.batch_size", type=int, default=128, help="Global training batch size")
    parser.add_argument("--train.micro_batch_size", type=int, default=8)
    parser.add_argument("--train.max_epochs", type=int, default=2)
    parser.add_argument("--adam.lr", type=float, default=5e-6)
    parser.add_argument("--model.model_name_or_path", type=str, default=None)
    parser.add_argument("--data.dataset", type=str, default=None)
    parser.add_argument("--data.max_len", type=int, default=2048)
    args = parser.parse_args()
    train(args)
