# Image classification training; run_with_submit.py submits main() to Slurm.
import argparse

import torch
from timm.models import create_model


def get_args_parser():
    parser = argparse.ArgumentParser('classification training', add_help=False)
    parser.add_argument('--batch-size', default=64, type=int)
    parser.add_argument('--epochs', default=300, type=int)
    parser.add_argument('--model', default='deit_base_patch16_224', type=str)
    parser.add_argument('--lr', type=float, default=5e-4)
    parser.add_argument('--data-path', default='/datasets01/imagenet_full_size/061417/', type=str)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--dist_url', default='env://')
    return parser


def main(args):
    torch.distributed.init_process_group(backend='nccl', init_method=args.dist_url)
    model = create_model(args.model, pretrained=False)
    model = torch.nn.parallel.DistributedDataParallel(model.cuda())
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(args.epochs):
        with torch.cuda.amp.autocast():
            pass


if __name__ == '__main__':
    parser = argparse.ArgumentParser('training', parents=[get_args_parser()])
    main(parser.parse_args())
