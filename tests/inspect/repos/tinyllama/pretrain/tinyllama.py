# Pretrains TinyLlama with Fabric and FSDP (fixture: module constants, jsonargparse CLI(setup)).
import math
from pathlib import Path
from typing import Optional

import lightning as L
import torch
from lightning.fabric.strategies import FSDPStrategy

from lit_gpt.config import Config
from lit_gpt.packed_dataset import PackedDataset

model_name = "tiny_LLaMA_1b"
name = "tinyllama_1b"
out_dir = Path("out") / name

# Hyperparameters
num_of_devices = 8
global_batch_size = 512
learning_rate = 4e-4
micro_batch_size = 8
max_step = 715256 * 2
warmup_steps = 2000
weight_decay = 1e-1
beta1 = 0.9
beta2 = 0.95
min_lr = 4e-5
batch_size = global_batch_size // num_of_devices
gradient_accumulation_steps = batch_size // micro_batch_size


def setup(
    devices: int = 8,
    train_data_dir: Path = Path("data/redpajama_sample"),
    val_data_dir: Optional[Path] = None,
    precision: Optional[str] = None,
    resume: bool = False,
) -> None:
    precision = precision or "bf16-mixed"
    strategy = FSDPStrategy(state_dict_type="full", sharding_strategy="HYBRID_SHARD")
    fabric = L.Fabric(devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main, train_data_dir, val_data_dir)


def main(fabric, train_data_dir, val_data_dir):
    config = Config.from_name(model_name)
    dataset = PackedDataset(sorted(train_data_dir.glob("train_*")), n_chunks=8, block_size=config.block_size)
    return dataset


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    from jsonargparse import CLI

    CLI(setup)
