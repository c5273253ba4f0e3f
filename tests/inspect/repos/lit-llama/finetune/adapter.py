"""Instruction-tunes LLaMA with adapters using Fabric (fixture in the manner of lit-llama's
finetune/adapter.py: module-level constants, jsonargparse CLI over main's keyword defaults)."""
import os
import sys
import time
from pathlib import Path

import lightning as L
import torch

from lit_llama.model import LLaMA, LLaMAConfig

instruction_tuning = True
eval_interval = 600
log_interval = 1
devices = 1

# Hyperparameters
learning_rate = 9e-3
batch_size = 64 // devices
micro_batch_size = 4
gradient_accumulation_iters = batch_size // micro_batch_size
epoch_size = 50000  # train dataset size
num_epochs = 5
max_iters = num_epochs * (epoch_size // micro_batch_size) // devices
weight_decay = 0.02
max_seq_length = 256  # see scripts/prepare_alpaca.py
warmup_iters = 2 * (epoch_size // micro_batch_size) // devices


def main(
    data_dir: str = "data/alpaca",
    pretrained_path: str = "checkpoints/lit-llama/7B/lit-llama.pth",
    out_dir: str = "out/adapter/alpaca",
):
    fabric = L.Fabric(accelerator="cuda", devices=devices, precision="bf16-true")
    fabric.launch()
    config = LLaMAConfig.from_name("7B")
    config.block_size = max_seq_length
    with fabric.init_module():
        model = LLaMA(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=weight_decay)
    model, optimizer = fabric.setup(model, optimizer)
    train_data = torch.load(os.path.join(data_dir, "train.pt"))


if __name__ == "__main__":
    from jsonargparse.cli import CLI

    CLI(main)
