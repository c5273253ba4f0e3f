# ImageNet training of ConvNeXt (fixture: argparse with str2bool flags, DDP, optional AMP).
import argparse

import torch
from timm.models import create_model
from torchvision import datasets

import models.convnext  # noqa: F401
import utils
from utils import str2bool


def get_args_parser():
    parser = argparse.ArgumentParser("ConvNeXt training and evaluation script", add_help=False)
    parser.add_argument("--batch_size", default=64, type=int, help="Per GPU batch size")
    parser.add_argument("--epochs", default=300, type=int)
    parser.add_argument("--update_freq", default=1, type=int, help="gradient accumulation steps")
    parser.add_argument("--model", default="convnext_tiny", type=str, metavar="MODEL")
    parser.add_argument("--drop_path", type=float, default=0, metavar="PCT")
    parser.add_argument("--input_size", default=224, type=int)
    parser.add_argument("--model_ema", type=str2bool, default=False)
    parser.add_argument("--model_ema_eval", type=str2bool, default=False)
    parser.add_argument("--opt", default="adamw", type=str, metavar="OPTIMIZER")
    parser.add_argument("--weight_decay", type=float, default=0.05)
    parser.add_argument("--lr", type=float, default=4e-3, metavar="LR")
    parser.add_argument("--warmup_epochs", type=int, default=20, metavar="N")
    parser.add_argument("--data_path", default="/datasets01/imagenet_full_size/061417/", type=str)
    parser.add_argument("--data_set", default="IMNET", choices=["CIFAR", "IMNET", "image_folder"], type=str)
    parser.add_argument("--output_dir", default="", help="path where to save, empty for no saving")
    parser.add_argument("--use_amp", type=str2bool, default=False, help="Use PyTorch's AMP (Automatic Mixed Precision) or not")
    parser.add_argument("--dist_url", default="env://")
    return parser


def main(args):
    dataset_train = datasets.ImageFolder(args.data_path)
    model = create_model(args.model, pretrained=False, drop_path_rate=args.drop_path)
    model = torch.nn.parallel.DistributedDataParallel(model)
    loss_scaler = torch.cuda.amp.GradScaler() if args.use_amp else None
    return dataset_train, loss_scaler


if __name__ == "__main__":
    parser = argparse.ArgumentParser("ConvNeXt training and evaluation script", parents=[get_args_parser()])
    args = parser.parse_args()
    main(args)
