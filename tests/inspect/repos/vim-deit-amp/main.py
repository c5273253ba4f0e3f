# Vision Mamba classification training (DeiT-style main.py, our own text).
import argparse
import datetime
import time

import torch
import torch.backends.cudnn as cudnn
from timm.models import create_model
from timm.utils import NativeScaler

import models_mamba  # noqa: F401  registers vim_* models
import utils
from datasets import build_dataset
from engine import train_one_epoch


def get_args_parser():
    parser = argparse.ArgumentParser('Vim training and evaluation script', add_help=False)
    parser.add_argument('--batch-size', default=64, type=int)
    parser.add_argument('--epochs', default=300, type=int)
    parser.add_argument('--model', default='deit_base_patch16_224', type=str, metavar='MODEL',
                        help='Name of model to train')
    parser.add_argument('--input-size', default=224, type=int, help='images input size')
    parser.add_argument('--drop-path', type=float, default=0.1, metavar='PCT')
    parser.add_argument('--weight-decay', type=float, default=0.05)
    parser.add_argument('--lr', type=float, default=5e-4, metavar='LR')
    parser.add_argument('--data-path', default='/datasets01/imagenet_full_size/061417/', type=str)
    parser.add_argument('--data-set', default='IMNET', choices=['CIFAR', 'IMNET', 'INAT', 'INAT19'], type=str)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--if_amp', action='store_true')
    parser.add_argument('--no_amp', action='store_false', dest='if_amp')
    parser.set_defaults(if_amp=True)
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--dist_url', default='env://')
    return parser


def main(args):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    cudnn.benchmark = True
    dataset_train, args.nb_classes = build_dataset(is_train=True, args=args)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, drop_last=True)
    model = create_model(args.model, pretrained=False, num_classes=args.nb_classes, drop_path_rate=args.drop_path)
    model.to(device)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    amp_autocast = torch.cuda.amp.autocast if args.if_amp else utils.null_context
    loss_scaler = NativeScaler() if args.if_amp else None
    start_time = time.time()
    for epoch in range(args.epochs):
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler, amp_autocast)
    print('Training time {}'.format(str(datetime.timedelta(seconds=int(time.time() - start_time)))))


if __name__ == '__main__':
    parser = argparse.ArgumentParser('Vim training and evaluation script', parents=[get_args_parser()])
    args = parser.parse_args()
    main(args)
