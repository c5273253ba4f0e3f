"""ResNet-50 on CIFAR-10 with plain PyTorch DistributedDataParallel (launched by torchrun)."""
import argparse
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, models, transforms


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=90)
    p.add_argument("--batch-size", type=int, default=128, help="per GPU")
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--data", default="./data")
    p.add_argument("--checkpoint-dir", default="checkpoints")
    return p.parse_args()


def main():
    args = get_args()
    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = models.resnet50(num_classes=10).cuda()
    model = DDP(model, device_ids=[local_rank])
    tf = transforms.Compose([transforms.ToTensor()])
    train = datasets.CIFAR10(root=args.data, train=True, download=True, transform=tf)
    loader = torch.utils.data.DataLoader(train, batch_size=args.batch_size, sampler=DistributedSampler(train))
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(loader):
            loss = loss_fn(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % 50 == 0 and dist.get_rank() == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        if dist.get_rank() == 0:
            torch.save(model.module.state_dict(), "checkpoints/resnet50.pt")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
