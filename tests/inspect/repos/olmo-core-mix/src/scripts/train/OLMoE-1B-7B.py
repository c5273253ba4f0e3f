"""
Train an OLMoE-style model on a named data mix:
    torchrun --nproc-per-node=8 src/scripts/train/OLMoE-1B-7B.py RUN_NAME
"""
import sys

import torch

from olmo_core.data import DataMix, NumpyDatasetConfig
from olmo_core.train import prepare_training_environment, train

SEQUENCE_LENGTH = 4096
GLOBAL_BATCH_SIZE = 1024 * SEQUENCE_LENGTH
LR = 4e-4
MIX_BASE_DIR = "gs://example-bucket/olmo-data"


def build_dataset_config():
    return NumpyDatasetConfig.from_data_mix(
        DataMix.OLMoE_mix_0824,
        tokenizer="allenai/gpt-neox-olmo-dolma-v1_5",
        mix_base_dir=MIX_BASE_DIR,
        sequence_length=SEQUENCE_LENGTH,
        work_dir="/tmp/dataset-cache",
    )


def main(run_name: str):
    prepare_training_environment()
    dataset = build_dataset_config()
    optim = torch.optim.AdamW
    train({"run_name": run_name, "dataset": dataset, "optim": optim, "lr": LR,
           "global_batch_size": GLOBAL_BATCH_SIZE})


if __name__ == "__main__":
    main(sys.argv[1])
