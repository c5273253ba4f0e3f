#!/usr/bin/env python3
"""ImageNet training script in the shape of timm's train.py: a YAML of defaults, then argparse."""
import argparse

import torch
import torch.nn as nn
import yaml
from timm.data import create_dataset, create_loader
from timm.models import create_model
from timm.optim import create_optimizer_v2
from torch.nn.parallel import DistributedDataParallel as NativeDDP

import fastervit.models.faster_vit  # registers the faster_vit_* models

# The first arg parser parses out only the --config argument, this argument is used to
# load a yaml file containing key-values that override the defaults for the main parser below
config_parser = parser = argparse.ArgumentParser(description='Training Config', add_help=False)
parser.add_argument('-c', '--config', default='', type=str, metavar='FILE',
                    help='YAML config file specifying default arguments')

parser = argparse.ArgumentParser(description='PyTorch ImageNet Training')
parser.add_argument('--data_dir', metavar='DIR', default='/ImageNet2012/', help='path to dataset')
parser.add_argument('--dataset', '-d', metavar='NAME', default='', help='dataset type (default: ImageFolder)')
parser.add_argument('--tag', default='exp', type=str, metavar='TAG')
parser.add_argument('--model', default='faster_vit_0_224', type=str, metavar='MODEL')
parser.add_argument('-b', '--batch-size', type=int, default=128, metavar='N', help='input batch size for training')
parser.add_argument('--opt', default='lamb', type=str, metavar='OPTIMIZER')
parser.add_argument('--weight-decay', type=float, default=0.05, help='weight decay (default: 0.05)')
parser.add_argument('--sched', default='cosine', type=str, metavar='SCHEDULER')
parser.add_argument('--lr', type=float, default=5e-4, metavar='LR', help='learning rate (default: 5e-4)')
parser.add_argument('--warmup-epochs', type=int, default=5, metavar='N')
parser.add_argument('--epochs', type=int, default=310, metavar='N', help='number of epochs to train')
parser.add_argument('--drop-path', type=float, default=None, metavar='PCT')
parser.add_argument('--mesa', type=float, default=0.25)
parser.add_argument('--mesa-start-ratio', type=float, default=0.25)
parser.add_argument('-j', '--workers', type=int, default=8, metavar='N')
parser.add_argument('--amp', action='store_true', default=False, help='use NVIDIA Apex AMP or Native AMP for mixed precision training')
parser.add_argument('--local_rank', default=0, type=int)


def _parse_args():
    # Do we have a config file to parse?
    args_config, remaining = config_parser.parse_known_args()
    if args_config.config:
        with open(args_config.config, 'r') as f:
            cfg = yaml.safe_load(f)
            parser.set_defaults(**cfg)

    # The main arg parser parses the rest of the args, the usual
    # defaults will have been overridden if config file specified.
    args = parser.parse_args(remaining)
    return args


def main():
    args = _parse_args()
    torch.distributed.init_process_group(backend='nccl', init_method='env://')
    model = create_model(args.model, drop_path_rate=args.drop_path)
    model.cuda()
    optimizer = create_optimizer_v2(model, opt=args.opt, lr=args.lr, weight_decay=args.weight_decay)
    amp_autocast = torch.cuda.amp.autocast if args.amp else None
    loss_scaler = torch.cuda.amp.GradScaler() if args.amp else None
    model = NativeDDP(model, device_ids=[args.local_rank])
    dataset_train = create_dataset(args.dataset, root=args.data_dir, split='train', is_training=True)
    loader_train = create_loader(dataset_train, input_size=(3, 224, 224), batch_size=args.batch_size,
                                 is_training=True, num_workers=args.workers)


if __name__ == '__main__':
    main()
