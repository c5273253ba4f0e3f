# Fixture (a JSON run file merged over the arguments): `--cfg run.json` is read after parse_args()
# and vars(args).update(cfg) writes every key over the command line's; -b is a short option.
import argparse
import json

import timm
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torchvision.datasets import ImageFolder

parser = argparse.ArgumentParser()
parser.add_argument("--cfg", type=str, default=None, help="JSON run file")
parser.add_argument("--model", type=str, default="resnet18", help="timm model name")
parser.add_argument("-b", "--batch-size", dest="batch_size", type=int, default=64)
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--data", type=str, default="/data/imagenet")


def main():
    args = parser.parse_args()
    if args.cfg:
        with open(args.cfg) as f:
            vars(args).update(json.load(f))
    dist.init_process_group("nccl")
    model = timm.create_model(args.model, num_classes=1000)
    model = DistributedDataParallel(model.cuda())
    dataset = ImageFolder(args.data)


if __name__ == "__main__":
    main()
