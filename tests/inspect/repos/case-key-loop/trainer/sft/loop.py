import argparse

import torch
import torch.distributed as dist
from datasets import load_dataset
from torch.nn.parallel import DistributedDataParallel
from transformers import AutoModelForCausalLM


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_name_or_path", type=str, required=True)
    parser.add_argument("--learning_rate", type=float, default=5e-5)
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--per_device_train_batch_size", type=int, default=8)
    parser.add_argument("--dataset_name", type=str, default=None)
    args = parser.parse_args()
    dist.init_process_group("nccl")
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    model = DistributedDataParallel(model.cuda())
    data = load_dataset(args.dataset_name)
    opt = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    for epoch in range(args.num_train_epochs):
        for batch in data["train"]:
            loss = model(**batch).loss
            loss.backward()
            opt.step()
