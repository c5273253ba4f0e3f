"""Detector training (argparse defaults; distributed set up from the launcher's environment)."""
import argparse

import torch
import torch.distributed as dist


def get_args_parser():
    parser = argparse.ArgumentParser('detector', add_help=False)
    parser.add_argument('--lr', default=2e-4, type=float)
    parser.add_argument('--batch_size', default=2, type=int)
    parser.add_argument('--epochs', default=50, type=int)
    parser.add_argument('--with_box_refine', default=False, action='store_true')
    parser.add_argument('--backbone', default='resnet50', type=str)
    parser.add_argument('--dataset_file', default='coco')
    parser.add_argument('--coco_path', default='./data/coco', type=str)
    parser.add_argument('--output_dir', default='')
    return parser


def main(args):
    dist.init_process_group(backend='nccl')
    model = torch.nn.Linear(4, 4).cuda()
    model = torch.nn.parallel.DistributedDataParallel(model)


if __name__ == '__main__':
    parser = argparse.ArgumentParser('training', parents=[get_args_parser()])
    main(parser.parse_args())
