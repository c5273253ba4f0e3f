"""U-Net segmentation training, one GPU."""
import argparse

import torch

p = argparse.ArgumentParser()
p.add_argument("--data", required=True)
p.add_argument("--out", required=True)
p.add_argument("--lr", type=float, default=1e-3)
p.add_argument("--epochs", type=int, default=50)
p.add_argument("--batch-size", type=int, default=8)
args = p.parse_args()
model = torch.nn.Conv2d(3, 1, 3).cuda()
opt = torch.optim.Adam(model.parameters(), lr=args.lr)
for epoch in range(args.epochs):
    loss = model(torch.zeros(1, 3, 8, 8).cuda()).mean()
    loss.backward()
