"""Hydra front end of the trainer."""
import os

import hydra
import torch
from omegaconf import DictConfig


@hydra.main(config_path=os.path.join("..", "fairseq", "config"), config_name="config")
def hydra_main(cfg: DictConfig) -> float:
    torch.distributed.init_process_group(backend="nccl")
    return 0.0


def cli_main():
    hydra_main()


if __name__ == "__main__":
    cli_main()
