#!/usr/bin/env python
# Contrastive pre-training of a ViT or ResNet, one process per GPU started by mp.spawn.
import argparse
import builtins
import os
from functools import partial

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torchvision.datasets as datasets
import torchvision.models as torchvision_models

import moco.builder
import moco.optimizer
import vits

torchvision_model_names = sorted(name for name in torchvision_models.__dict__
                                 if name.islower() and not name.startswith("__") and callable(torchvision_models.__dict__[name]))
model_names = ['vit_small', 'vit_base', 'vit_conv_small', 'vit_conv_base'] + torchvision_model_names

parser = argparse.ArgumentParser(description='contrastive pre-training')
parser.add_argument('data', metavar='DIR', help='path to dataset')
parser.add_argument('-a', '--arch', metavar='ARCH', default='resnet50', choices=model_names,
                    help='model architecture: ' + ' | '.join(model_names) + ' (default: resnet50)')
parser.add_argument('-j', '--workers', default=32, type=int, metavar='N')
parser.add_argument('--epochs', default=100, type=int, metavar='N')
parser.add_argument('--start-epoch', default=0, type=int, metavar='N')
parser.add_argument('-b', '--batch-size', default=4096, type=int, metavar='N',
                    help='mini-batch size, the total of all GPUs on all nodes')
parser.add_argument('--lr', '--learning-rate', default=0.6, type=float, metavar='LR', dest='lr')
parser.add_argument('--wd', '--weight-decay', default=1e-6, type=float, metavar='W', dest='weight_decay')
parser.add_argument('--world-size', default=-1, type=int)
parser.add_argument('--rank', default=-1, type=int)
parser.add_argument('--dist-url', default='tcp://224.66.41.62:23456', type=str)
parser.add_argument('--dist-backend', default='nccl', type=str)
parser.add_argument('--gpu', default=None, type=int)
parser.add_argument('--multiprocessing-distributed', action='store_true')
parser.add_argument('--moco-dim', default=256, type=int)
parser.add_argument('--moco-mlp-dim', default=4096, type=int)
parser.add_argument('--moco-m', default=0.99, type=float)
parser.add_argument('--moco-m-cos', action='store_true')
parser.add_argument('--moco-t', default=1.0, type=float)
parser.add_argument('--stop-grad-conv1', action='store_true')
parser.add_argument('--optimizer', default='lars', type=str, choices=['lars', 'adamw'])
parser.add_argument('--warmup-epochs', default=10, type=int, metavar='N')


def main():
    args = parser.parse_args()
    ngpus_per_node = torch.cuda.device_count()
    if args.multiprocessing_distributed:
        args.world_size = ngpus_per_node * args.world_size
        mp.spawn(main_worker, nprocs=ngpus_per_node, args=(ngpus_per_node, args))
    else:
        main_worker(args.gpu, ngpus_per_node, args)


def main_worker(gpu, ngpus_per_node, args):
    args.gpu = gpu
    args.rank = args.rank * ngpus_per_node + gpu
    dist.init_process_group(backend=args.dist_backend, init_method=args.dist_url,
                            world_size=args.world_size, rank=args.rank)
    if args.arch.startswith('vit'):
        model = moco.builder.MoCo_ViT(partial(vits.__dict__[args.arch], stop_grad_conv1=args.stop_grad_conv1),
                                      args.moco_dim, args.moco_mlp_dim, args.moco_t)
    else:
        model = moco.builder.MoCo_ResNet(partial(torchvision_models.__dict__[args.arch], zero_init_residual=True),
                                         args.moco_dim, args.moco_mlp_dim, args.moco_t)
    args.lr = args.lr * args.batch_size / 256
    torch.cuda.set_device(args.gpu)
    model.cuda(args.gpu)
    args.batch_size = int(args.batch_size / args.world_size)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
    if args.optimizer == 'lars':
        optimizer = moco.optimizer.LARS(model.parameters(), args.lr, weight_decay=args.weight_decay, momentum=0.9)
    else:
        optimizer = torch.optim.AdamW(model.parameters(), args.lr, weight_decay=args.weight_decay)
    scaler = torch.cuda.amp.GradScaler()
    train_dataset = datasets.ImageFolder(os.path.join(args.data, 'train'))
    sampler = torch.utils.data.distributed.DistributedSampler(train_dataset)
    loader = torch.utils.data.DataLoader(train_dataset, batch_size=args.batch_size, sampler=sampler,
                                         num_workers=args.workers, pin_memory=True, drop_last=True)
    for epoch in range(args.start_epoch, args.epochs):
        for images, _ in loader:
            with torch.cuda.amp.autocast(True):
                loss = model(images[0].cuda(args.gpu), images[1].cuda(args.gpu), args.moco_m)
            optimizer.zero_grad()
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


if __name__ == '__main__':
    main()
