"""4D-parallel pretraining: every setting comes from the JSON file named by --config."""
import argparse
import json

import torch
import torch.distributed as dist
from datasets import load_dataset
from transformers import AutoConfig

from picotron.process_group_manager import setup_process_group_manager


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", type=str, default="", help="Path to config file")
    args = parser.parse_args()

    with open(args.config, "r") as f:
        config = json.load(f)

    tp_size = config["distributed"]["tp_size"]
    pp_size = config["distributed"]["pp_size"]
    dp_size = config["distributed"]["dp_size"]
    dtype = torch.bfloat16 if config["training"]["use_bf16"] else torch.float32
    seq_len = config["training"]["seq_length"]
    micro_batch_size = config["training"]["micro_batch_size"]
    learning_rate = config["training"]["learning_rate"]
    total_train_steps = config["training"]["total_train_steps"]

    dist.init_process_group(backend="nccl")
    setup_process_group_manager(tp_size=tp_size, pp_size=pp_size, dp_size=dp_size)

    model_config = AutoConfig.from_pretrained(config["model"]["name"])
    dataset = load_dataset(config["dataset"]["name"], split="train")
