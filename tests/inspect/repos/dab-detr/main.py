# Anchor-query detector training; the model is chosen by name with -m.
import argparse
import json
import os
import random
import time

import numpy as np
import torch
from torch.utils.data import DataLoader, DistributedSampler

import util.misc as utils
from datasets import build_dataset
from engine import train_one_epoch
from models import build_dab_detr, build_dab_deformable_detr


def get_args_parser():
    parser = argparse.ArgumentParser('DAB-DETR', add_help=False)
    # about lr
    parser.add_argument('--lr', default=1e-4, type=float, help="learning rate for the transformer")
    parser.add_argument('--lr_backbone', default=1e-5, type=float)
    parser.add_argument('--batch_size', default=2, type=int)
    parser.add_argument('--weight_decay', default=1e-4, type=float)
    parser.add_argument('--epochs', default=50, type=int)
    parser.add_argument('--lr_drop', default=40, type=int)
    parser.add_argument('--save_checkpoint_interval', default=10, type=int)
    parser.add_argument('--clip_max_norm', default=0.1, type=float)
    # Model parameters
    parser.add_argument('--modelname', '-m', type=str, required=True, choices=['dab_detr', 'dab_deformable_detr'])
    parser.add_argument('--backbone', default='resnet50', type=str, help="Name of the convolutional backbone to use")
    parser.add_argument('--dilation', action='store_true')
    parser.add_argument('--enc_layers', default=6, type=int)
    parser.add_argument('--dec_layers', default=6, type=int)
    parser.add_argument('--dim_feedforward', default=2048, type=int)
    parser.add_argument('--hidden_dim', default=256, type=int)
    parser.add_argument('--nheads', default=8, type=int)
    parser.add_argument('--num_queries', default=300, type=int)
    parser.add_argument('--random_refpoints_xy', action='store_true')
    # dataset parameters
    parser.add_argument('--dataset_file', default='coco')
    parser.add_argument('--coco_path', type=str, required=True)
    parser.add_argument('--fix_size', action='store_true')
    # training parameters
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=42, type=int)
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--amp', action='store_true', help="Train with mixed precision")
    # distributed training parameters
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--dist_url', default='env://')
    parser.add_argument("--local_rank", type=int)
    return parser


def build_model_main(args):
    if args.modelname.lower() == 'dab_detr':
        return build_dab_detr(args)
    if args.modelname.lower() == 'dab_deformable_detr':
        return build_dab_deformable_detr(args)
    raise NotImplementedError("Unknown args.modelname: {}".format(args.modelname))


def main(args):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    model, criterion, postprocessors = build_model_main(args)
    model.to(device)
    model_without_ddp = model
    if args.distributed:
        model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu], find_unused_parameters=args.find_unused_params)
        model_without_ddp = model.module
    optimizer = torch.optim.AdamW(model_without_ddp.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, args.lr_drop)
    dataset_train = build_dataset(image_set='train', args=args)
    sampler_train = DistributedSampler(dataset_train) if args.distributed else torch.utils.data.RandomSampler(dataset_train)
    batch_sampler_train = torch.utils.data.BatchSampler(sampler_train, args.batch_size, drop_last=True)
    data_loader_train = DataLoader(dataset_train, batch_sampler=batch_sampler_train, num_workers=args.num_workers)
    scaler = torch.cuda.amp.GradScaler(enabled=args.amp)
    for epoch in range(args.epochs):
        train_one_epoch(model, criterion, data_loader_train, optimizer, device, epoch, args.clip_max_norm, scaler=scaler, amp=args.amp)
        lr_scheduler.step()


if __name__ == '__main__':
    parser = argparse.ArgumentParser('DETR training and evaluation script', parents=[get_args_parser()])
    args = parser.parse_args()
    main(args)
