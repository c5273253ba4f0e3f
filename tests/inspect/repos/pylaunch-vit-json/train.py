"""Trains a timm vision transformer on an ImageFolder data set, one process per GPU."""
import argparse
import json

import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torchvision import datasets, transforms

from vitcls.engine import train_one_epoch


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--data-dir")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    for key, value in vars(args).items():
        if value is not None and key != "config":
            cfg[key] = value
    return cfg


def main():
    cfg = get_args()
    dist.init_process_group("nccl")
    model = timm.create_model(cfg["model"], pretrained=False, num_classes=cfg["num_classes"],
                              drop_path_rate=cfg["drop_path"])
    model = DistributedDataParallel(model.cuda())
    train_set = datasets.ImageFolder(cfg["data_dir"] + "/train", transforms.ToTensor())
    loader = torch.utils.data.DataLoader(train_set, batch_size=cfg["batch_size"], num_workers=8)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    for epoch in range(cfg["epochs"]):
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=cfg["amp"]):
            train_one_epoch(model, loader, optimizer)


if __name__ == "__main__":
    main()
