"""DeiT-style training: python -m torch.distributed.launch --nproc_per_node=8 --use_env main.py --model deit_base_patch16_224 ..."""
import argparse

import torch
from timm.models import create_model

import utils
from datasets import build_dataset
from engine import train_one_epoch


def get_args_parser():
    parser = argparse.ArgumentParser('DeiT training and evaluation script', add_help=False)
    parser.add_argument('--batch-size', default=64, type=int)
    parser.add_argument('--epochs', default=300, type=int)
    parser.add_argument('--model', default='deit_base_patch16_224', type=str, metavar='MODEL', help='Name of model to train')
    parser.add_argument('--lr', type=float, default=5e-4, metavar='LR', help='learning rate (default: 5e-4)')
    parser.add_argument('--data-path', default='/datasets01/imagenet_full_size/061417/', type=str, help='dataset path')
    parser.add_argument('--data-set', default='IMNET', choices=['CIFAR', 'IMNET', 'INAT', 'INAT19'], type=str, help='Image Net dataset path')
    parser.add_argument('--output_dir', default='', help='path where to save, empty for no saving')
    return parser


def main(args):
    utils.init_distributed_mode(args)
    dataset_train, args.nb_classes = build_dataset(is_train=True, args=args)
    model = create_model(args.model, pretrained=False, num_classes=args.nb_classes)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
    for epoch in range(args.epochs):
        train_one_epoch(model, dataset_train, epoch)


if __name__ == '__main__':
    parser = argparse.ArgumentParser('DeiT training and evaluation script', parents=[get_args_parser()])
    args = parser.parse_args()
    main(args)
