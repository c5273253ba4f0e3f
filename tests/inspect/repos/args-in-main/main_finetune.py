# main_finetune.py - fine-tune a ViT on ImageNet (a base learning rate scaled by the batch)
import argparse
import os

import torch
import torch.distributed as dist
from torchvision import datasets

import models_vit


def get_args_parser():
    parser = argparse.ArgumentParser("ViT fine-tuning", add_help=False)
    parser.add_argument("--batch_size", default=64, type=int, help="batch size per GPU")
    parser.add_argument("--epochs", default=50, type=int)
    parser.add_argument("--accum_iter", default=1, type=int)
    parser.add_argument("--model", default="vit_large_patch16", type=str)
    parser.add_argument("--lr", type=float, default=None, help="absolute lr")
    parser.add_argument("--blr", type=float, default=1e-3, help="base lr: lr = blr * batch / 256")
    parser.add_argument("--weight_decay", type=float, default=0.05)
    parser.add_argument("--data_path", default="/datasets01/imagenet_full_size/061417/", type=str)
    parser.add_argument("--output_dir", default="./output_dir")
    return parser


def main(args):
    dist.init_process_group("nccl")
    eff_batch_size = args.batch_size * args.accum_iter
    if args.lr is None:
        args.lr = args.blr * eff_batch_size / 256
    args.epochs = args.epochs + 5
    model = models_vit.__dict__[args.model](num_classes=1000)
    model = torch.nn.parallel.DistributedDataParallel(model.cuda())
    train = datasets.ImageFolder(os.path.join(args.data_path, "train"))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    scaler = torch.cuda.amp.GradScaler()
    for _ in range(args.epochs):
        with torch.cuda.amp.autocast():
            pass


if __name__ == "__main__":
    args = get_args_parser()
    args = args.parse_args()
    main(args)
