"""ImageNet classification (learned from pytorch/examples imagenet/main.py): short options, a positional."""
import argparse

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torchvision.models as models
import torchvision.datasets as datasets

model_names = sorted(name for name in models.__dict__ if name.islower() and not name.startswith("__"))

parser = argparse.ArgumentParser(description='PyTorch ImageNet Training')
parser.add_argument('data', metavar='DIR', nargs='?', default='imagenet', help='path to dataset (default: imagenet)')
parser.add_argument('-a', '--arch', metavar='ARCH', default='resnet18', choices=model_names)
parser.add_argument('-j', '--workers', default=4, type=int, metavar='N')
parser.add_argument('--epochs', default=90, type=int, metavar='N')
parser.add_argument('-b', '--batch-size', default=256, type=int, metavar='N')
parser.add_argument('--lr', '--learning-rate', default=0.1, type=float, metavar='LR', dest='lr')
parser.add_argument('--wd', '--weight-decay', default=1e-4, type=float, metavar='W', dest='weight_decay')
parser.add_argument('--dist-url', default='tcp://224.66.41.62:23456', type=str)
parser.add_argument('--dist-backend', default='nccl', type=str)
parser.add_argument('--world-size', default=-1, type=int)
parser.add_argument('--rank', default=-1, type=int)
parser.add_argument('--multiprocessing-distributed', action='store_true')
parser.add_argument('--pretrained', dest='pretrained', action='store_true')


def main_worker(gpu, ngpus_per_node, args):
    dist.init_process_group(backend=args.dist_backend, init_method=args.dist_url, world_size=args.world_size, rank=args.rank)
    model = models.__dict__[args.arch]()
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[gpu])
    train_dataset = datasets.ImageFolder(args.data)


def main():
    args = parser.parse_args()
    mp.spawn(main_worker, nprocs=8, args=(8, args))


if __name__ == '__main__':
    main()
