# Pre-trains with Lightning Fabric; the precision is chosen at run time from the GPU (own fixture,
# the shape of litgpt's setup()).
from typing import Optional

import lightning as L
from lightning.fabric.strategies import FSDPStrategy

from mylm.utils import get_default_supported_precision

learning_rate = 4e-4
micro_batch_size = 8
max_iters = 100000


def setup(devices: int = 8, precision: Optional[str] = None, train_data_dir: str = "data/redpajama_sample") -> None:
    precision = precision or get_default_supported_precision(training=True)
    fabric = L.Fabric(devices=devices, strategy=FSDPStrategy(), precision=precision)
    fabric.launch()


if __name__ == "__main__":
    from jsonargparse import CLI

    CLI(setup)
