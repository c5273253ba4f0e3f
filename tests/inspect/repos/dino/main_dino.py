"""DINO self-supervised training: python -m torch.distributed.launch --nproc_per_node=8 main_dino.py --arch vit_small ..."""
import argparse

import torch
import torch.nn as nn

import utils
import vision_transformer as vits


def get_args_parser():
    parser = argparse.ArgumentParser('DINO', add_help=False)
    parser.add_argument('--arch', default='vit_small', type=str, choices=['vit_tiny', 'vit_small', 'vit_base'], help="""Name of architecture to train.""")
    parser.add_argument('--patch_size', default=16, type=int)
    parser.add_argument('--use_fp16', type=utils.bool_flag, default=True, help="""Whether or not to use half precision for training.""")
    parser.add_argument('--batch_size_per_gpu', default=64, type=int)
    parser.add_argument('--epochs', default=100, type=int)
    parser.add_argument("--lr", default=0.0005, type=float)
    parser.add_argument('--data_path', default='/path/to/imagenet/train/', type=str)
    parser.add_argument('--output_dir', default=".", type=str)
    return parser


def train_dino(args):
    utils.init_distributed_mode(args)
    student = vits.__dict__[args.arch](patch_size=args.patch_size)
    student = nn.parallel.DistributedDataParallel(student, device_ids=[args.gpu])
    fp16_scaler = torch.cuda.amp.GradScaler() if args.use_fp16 else None


if __name__ == '__main__':
    parser = argparse.ArgumentParser('DINO', parents=[get_args_parser()])
    args = parser.parse_args()
    train_dino(args)
