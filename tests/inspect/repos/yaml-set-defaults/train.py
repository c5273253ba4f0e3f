# Fixture (timm-style two-stage parsing): `-c FILE` is read first with parse_known_args, the YAML's
# keys become the parser's defaults (parser.set_defaults(**cfg)), then the rest of the command line
# wins over them.
import argparse

import torch
import torch.distributed as dist
import torchvision
import yaml
from torch.nn.parallel import DistributedDataParallel

config_parser = argparse.ArgumentParser(description="Training Config", add_help=False)
config_parser.add_argument("-c", "--config", default="", type=str, metavar="FILE", help="YAML config file")

parser = argparse.ArgumentParser(description="ImageNet training")
parser.add_argument("data_dir", metavar="DIR", help="path to dataset")
parser.add_argument("--model", default="resnet18", type=str, help="model architecture")
parser.add_argument("-b", "--batch-size", type=int, default=32, help="input batch size per GPU")
parser.add_argument("--lr", type=float, default=0.05, help="learning rate")
parser.add_argument("--epochs", type=int, default=100)
parser.add_argument("--milestones", type=int, nargs="+", default=[30, 60])
parser.add_argument("-j", "--workers", type=int, default=4)
parser.add_argument("--amp", action="store_true", default=False)


def _parse_args():
    args_config, remaining = config_parser.parse_known_args()
    if args_config.config:
        with open(args_config.config, "r") as f:
            cfg = yaml.safe_load(f)
            parser.set_defaults(**cfg)
    return parser.parse_args(remaining)


def main():
    args = _parse_args()
    dist.init_process_group(backend="nccl")
    model = getattr(torchvision.models, args.model)()
    model = DistributedDataParallel(model.cuda())
    train_set = torchvision.datasets.ImageFolder(args.data_dir)
    scaler = torch.cuda.amp.GradScaler(enabled=args.amp)
    for epoch in range(args.epochs):
        with torch.autocast("cuda", enabled=args.amp):
            pass


if __name__ == "__main__":
    main()
