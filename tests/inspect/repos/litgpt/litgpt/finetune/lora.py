# Fixture: LoRA recipe (not the one this job runs).
from pathlib import Path

import lightning as L


def setup(checkpoint_dir: Path, precision: str = "bf16-true", devices: int = 1, lora_r: int = 8) -> None:
    fabric = L.Fabric(devices=devices, precision=precision)
