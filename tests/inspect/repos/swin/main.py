"""Swin-style trainer: a yacs config file named by --cfg, command-line options on top
(learned from microsoft/Swin-Transformer main.py and config.py)."""
import argparse

import torch
import torch.distributed as dist

from config import get_config
from models import build_model


def parse_option():
    parser = argparse.ArgumentParser('Swin Transformer training and evaluation script', add_help=False)
    parser.add_argument('--cfg', type=str, required=True, metavar="FILE", help='path to config file', )
    parser.add_argument("--opts", help="Modify config options by adding 'KEY VALUE' pairs. ", default=None, nargs='+')
    parser.add_argument('--batch-size', type=int, help="batch size for single GPU")
    parser.add_argument('--data-path', type=str, help='path to dataset')
    parser.add_argument('--resume', help='resume from checkpoint')
    parser.add_argument('--accumulation-steps', type=int, help="gradient accumulation steps")
    parser.add_argument('--output', default='output', type=str, metavar='PATH')
    parser.add_argument('--local_rank', type=int, default=0)
    args, unparsed = parser.parse_known_args()
    config = get_config(args)
    return args, config


def main(config):
    model = build_model(config)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[config.LOCAL_RANK])


if __name__ == '__main__':
    args, config = parse_option()
    dist.init_process_group(backend='nccl', init_method='env://')
    main(config)
