# main_dino.py - self-distillation; the learning rate scaled by the global batch inside train_dino()
import argparse

import torch
import torch.distributed as dist

import utils
import vision_transformer as vits


def get_args_parser():
    parser = argparse.ArgumentParser("DINO", add_help=False)
    parser.add_argument("--arch", default="vit_small", type=str)
    parser.add_argument("--batch_size_per_gpu", default=64, type=int)
    parser.add_argument("--epochs", default=100, type=int)
    parser.add_argument("--lr", default=0.0005, type=float, help="at a batch of 256: scaled linearly")
    parser.add_argument("--warmup_epochs", default=10, type=int)
    parser.add_argument("--min_lr", type=float, default=1e-6)
    parser.add_argument("--data_path", default="/path/to/imagenet/train/", type=str)
    return parser


def train_dino(args):
    utils.init_distributed_mode(args)
    student = vits.__dict__[args.arch](patch_size=16)
    student = torch.nn.parallel.DistributedDataParallel(student.cuda())
    lr_schedule = utils.cosine_scheduler(
        args.lr * (args.batch_size_per_gpu * utils.get_world_size()) / 256.,
        args.min_lr, args.epochs, 100, warmup_epochs=args.warmup_epochs)
    args.min_lr = args.min_lr * 10
    args.epochs = args.epochs - args.warmup_epochs // 2


if __name__ == "__main__":
    parser = argparse.ArgumentParser("DINO", parents=[get_args_parser()])
    args = parser.parse_args()
    train_dino(args)
