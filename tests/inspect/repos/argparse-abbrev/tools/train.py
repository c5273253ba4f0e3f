"""Detector training; the README types option prefixes (--batch, --conf), which argparse accepts
(allow_abbrev; mechanism seen in meituan/YOLOv6 README and tools/train.py)."""
import argparse

import torch

from tools import eval as evaler


def get_args_parser(add_help=True):
    parser = argparse.ArgumentParser(description='detector training', add_help=add_help)
    parser.add_argument('--data-path', default='./data/coco.yaml', type=str)
    parser.add_argument('--conf-file', default='./configs/det_n.py', type=str)
    parser.add_argument('--img-size', default=640, type=int)
    parser.add_argument('--batch-size', default=32, type=int)
    parser.add_argument('--epochs', default=400, type=int)
    parser.add_argument('--workers', default=8, type=int)
    parser.add_argument('--device', default='0', type=str)
    parser.add_argument('--eval-interval', default=20, type=int)
    parser.add_argument('--eval-final-only', action='store_true')
    parser.add_argument('--fuse_ab', action='store_true')
    parser.add_argument('--local_rank', type=int, default=-1)
    return parser


def main(args):
    model = torch.nn.Conv2d(3, 16, 3)
    model = torch.nn.parallel.DistributedDataParallel(model)
    scaler = torch.cuda.amp.GradScaler()


if __name__ == '__main__':
    args = get_args_parser().parse_args()
    main(args)
