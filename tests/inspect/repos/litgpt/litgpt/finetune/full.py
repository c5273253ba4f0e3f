# Fixture: full fine-tuning recipe; Fabric with FSDP over the devices.
from pathlib import Path
from typing import Optional, Union

import lightning as L
import torch
from lightning.fabric.strategies import FSDPStrategy

from litgpt.args import TrainArgs
from litgpt.model import GPT, Block


def setup(
    checkpoint_dir: Path,
    out_dir: Path = Path("out/finetune/full"),
    precision: Optional[str] = None,
    devices: Union[int, str] = 1,
    num_nodes: int = 1,
    data=None,
    train: TrainArgs = TrainArgs(
        save_interval=1000,
        log_interval=1,
        global_batch_size=16,
        micro_batch_size=1,
        lr_warmup_steps=100,
        epochs=5,
    ),
    optimizer="AdamW",
    seed: int = 1337,
) -> None:
    strategy = FSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full", sharding_strategy="HYBRID_SHARD")
    fabric = L.Fabric(devices=devices, num_nodes=num_nodes, strategy=strategy, precision=precision)
    fabric.launch(main, devices, seed, checkpoint_dir, out_dir, train)


def main(fabric, devices, seed, checkpoint_dir, out_dir, train):
    fabric.seed_everything(seed)
