"""Trains a timm ViT under Accelerate."""
import argparse

import timm
import torch
from accelerate import Accelerator
from torchvision import datasets, transforms


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="vit_tiny_patch16_224")
    p.add_argument("--data-dir", default="./imagenet")
    p.add_argument("--epochs", type=int, default=100)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=0.05)
    args = p.parse_args()
    accelerator = Accelerator()
    model = timm.create_model(args.model, pretrained=False)
    train = datasets.ImageFolder(f"{args.data_dir}/train", transform=transforms.ToTensor())
    loader = torch.utils.data.DataLoader(train, batch_size=args.batch_size, shuffle=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    for epoch in range(args.epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    main()
