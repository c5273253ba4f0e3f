#!/usr/bin/env python3
"""Entry: configure, then train on NUM_GPUS processes."""
import torch

from netcls.core.config import cfg, load_cfg_fom_args


def train_model():
    model = torch.nn.Linear(8, cfg.MODEL.NUM_CLASSES)
    model = torch.nn.parallel.DistributedDataParallel(model)


def main():
    load_cfg_fom_args("Train a classification model.")
    torch.multiprocessing.spawn(train_model, nprocs=cfg.NUM_GPUS)


if __name__ == "__main__":
    main()
