# vitrun/main.py - image classification with timm models under DDP
import argparse
import os

import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torchvision import datasets, transforms


def parse():
    p = argparse.ArgumentParser("vitrun")
    p.add_argument("--model", default="vit_base_patch16_224")
    p.add_argument("--epochs", type=int, default=300)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=0.05)
    p.add_argument("--data-dir", default="/data/imagenet")
    p.add_argument("--num-classes", type=int, default=1000)
    return p.parse_args()


def main():
    args = parse()
    dist.init_process_group("nccl")
    rank = int(os.environ["LOCAL_RANK"])
    model = timm.create_model(args.model, num_classes=args.num_classes).cuda(rank)
    model = DistributedDataParallel(model, device_ids=[rank])
    train = datasets.ImageFolder(os.path.join(args.data_dir, "train"), transforms.ToTensor())
    loader = torch.utils.data.DataLoader(train, batch_size=args.batch_size)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    scaler = torch.cuda.amp.GradScaler()
    for _ in range(args.epochs):
        for x, y in loader:
            with torch.cuda.amp.autocast():
                loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()


if __name__ == "__main__":
    main()
