# Set-prediction detector training (a DETR-shaped script of our own).
import argparse
import json
import time
from pathlib import Path

import torch
from torch.utils.data import DataLoader, DistributedSampler

import util.dist as dist
from datasets import build_dataset
from models import build_model


def get_args_parser():
    parser = argparse.ArgumentParser('set detector', add_help=False)
    parser.add_argument('--lr', default=1e-4, type=float)
    parser.add_argument('--lr_backbone', default=1e-5, type=float)
    parser.add_argument('--batch_size', default=2, type=int)
    parser.add_argument('--weight_decay', default=1e-4, type=float)
    parser.add_argument('--epochs', default=300, type=int)
    parser.add_argument('--lr_drop', default=200, type=int)
    parser.add_argument('--clip_max_norm', default=0.1, type=float)
    # backbone
    parser.add_argument('--backbone', default='resnet50', type=str,
                        help="Name of the convolutional backbone to use")
    parser.add_argument('--dilation', action='store_true')
    # transformer
    parser.add_argument('--enc_layers', default=6, type=int)
    parser.add_argument('--dec_layers', default=6, type=int)
    parser.add_argument('--dim_feedforward', default=2048, type=int)
    parser.add_argument('--hidden_dim', default=256, type=int)
    parser.add_argument('--nheads', default=8, type=int)
    parser.add_argument('--num_queries', default=100, type=int)
    # dataset
    parser.add_argument('--dataset_file', default='coco')
    parser.add_argument('--coco_path', type=str)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=42, type=int)
    parser.add_argument('--num_workers', default=2, type=int)
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--dist_url', default='env://')
    return parser


def main(args):
    dist.init_distributed_mode(args)
    device = torch.device(args.device)
    model, criterion, post = build_model(args)
    model.to(device)
    model_without_ddp = model
    if args.distributed:
        model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
        model_without_ddp = model.module
    groups = [
        {"params": [p for n, p in model_without_ddp.named_parameters() if "backbone" not in n]},
        {"params": [p for n, p in model_without_ddp.named_parameters() if "backbone" in n], "lr": args.lr_backbone},
    ]
    optimizer = torch.optim.AdamW(groups, lr=args.lr, weight_decay=args.weight_decay)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, args.lr_drop)
    dataset_train = build_dataset(image_set='train', args=args)
    sampler = DistributedSampler(dataset_train) if args.distributed else torch.utils.data.RandomSampler(dataset_train)
    batches = torch.utils.data.BatchSampler(sampler, args.batch_size, drop_last=True)
    loader = DataLoader(dataset_train, batch_sampler=batches, num_workers=args.num_workers)
    for epoch in range(args.epochs):
        for samples, targets in loader:
            loss = sum(criterion(model(samples.to(device)), targets).values())
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip_max_norm)
            optimizer.step()
        scheduler.step()
        print(json.dumps({"epoch": epoch, "time": time.time()}))


if __name__ == '__main__':
    parser = argparse.ArgumentParser('set detector training', parents=[get_args_parser()])
    args = parser.parse_args()
    if args.output_dir:
        Path(args.output_dir).mkdir(parents=True, exist_ok=True)
    main(args)
