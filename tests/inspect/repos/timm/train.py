#!/usr/bin/env python3
"""ImageNet training script (short options, a positional data directory, store_true flags)."""
import argparse

import timm
import torch
from timm.models import create_model
from torch.nn.parallel import DistributedDataParallel as NativeDDP

parser = argparse.ArgumentParser(description='PyTorch ImageNet Training')
group = parser.add_argument_group('Dataset parameters')
parser.add_argument('data', nargs='?', metavar='DIR', const=None, help='path to dataset (positional is *deprecated*, use --data-dir)')
parser.add_argument('--data-dir', metavar='DIR', help='path to dataset (root dir)')
parser.add_argument('--dataset', metavar='NAME', default='', help='dataset type + name')
group = parser.add_argument_group('Model parameters')
group.add_argument('--model', default='resnet50', type=str, metavar='MODEL', help='Name of model to train (default: "resnet50")')
group.add_argument('--pretrained', action='store_true', default=False)
group.add_argument('--num-classes', type=int, default=None, metavar='N')
group.add_argument('-b', '--batch-size', type=int, default=128, metavar='N', help='Input batch size for training (default: 128)')
group = parser.add_argument_group('Optimizer parameters')
group.add_argument('--opt', default='sgd', type=str, metavar='OPTIMIZER')
group.add_argument('--lr', type=float, default=None, metavar='LR')
group.add_argument('--epochs', type=int, default=300, metavar='N')
group.add_argument('--sched', type=str, default='cosine', metavar='SCHEDULER')
group.add_argument('-j', '--workers', type=int, default=4, metavar='N')
group.add_argument('--amp', action='store_true', default=False, help='use NVIDIA Apex AMP or Native AMP for mixed precision training')
group.add_argument('--drop-path', type=float, default=None, metavar='PCT')


def main():
    args = parser.parse_args()
    model = create_model(args.model, pretrained=args.pretrained, num_classes=args.num_classes, drop_path_rate=args.drop_path)
    model = NativeDDP(model, device_ids=[0])


if __name__ == '__main__':
    main()
