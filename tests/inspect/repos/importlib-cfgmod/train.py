# train.py - the settings are the constants of the config module named by --cfg (imported by name)
import argparse
import importlib
import os

import timm
import torch
import torch.distributed as dist
from torchvision import datasets


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cfg", required=True, help="module name under configs/")
    parser.add_argument("--output", default="runs")
    args = parser.parse_args()
    cfg = importlib.import_module(f"configs.{args.cfg}")
    dist.init_process_group("nccl")
    rank = int(os.environ["LOCAL_RANK"])
    model = timm.create_model(cfg.MODEL, drop_path_rate=cfg.DROP_PATH).cuda(rank)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[rank])
    train = datasets.ImageFolder(os.path.join(cfg.DATA_ROOT, "train"))
    loader = torch.utils.data.DataLoader(train, batch_size=cfg.BATCH_SIZE)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.LR, weight_decay=cfg.WEIGHT_DECAY)
    scaler = torch.cuda.amp.GradScaler(enabled=cfg.AMP)
    for _ in range(cfg.EPOCHS):
        for x, y in loader:
            with torch.cuda.amp.autocast(enabled=cfg.AMP):
                loss = torch.nn.functional.cross_entropy(model(x), y)


if __name__ == "__main__":
    main()
