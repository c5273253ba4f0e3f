# Fully-convolutional masked autoencoder pre-training (ConvNeXt V2 shaped, our own text).
import argparse
import datetime
import time

import torch
import torch.backends.cudnn as cudnn
import torchvision.datasets as datasets
import torchvision.transforms as transforms

import models.fcmae as fcmae
import utils
from engine_pretrain import train_one_epoch
from utils import NativeScalerWithGradNormCount as NativeScaler


def str2bool(v):
    return str(v).lower() in ('yes', 'true', 't', 'y', '1')


def get_args_parser():
    parser = argparse.ArgumentParser('FCMAE pre-training', add_help=False)
    parser.add_argument('--batch_size', default=64, type=int, help='Per GPU batch size')
    parser.add_argument('--epochs', default=800, type=int)
    parser.add_argument('--warmup_epochs', type=int, default=40, metavar='N')
    parser.add_argument('--update_freq', default=1, type=int, help='gradient accumulation steps')
    # Model parameters
    parser.add_argument('--model', default='convnextv2_base', type=str, metavar='MODEL')
    parser.add_argument('--input_size', default=224, type=int)
    parser.add_argument('--mask_ratio', default=0.6, type=float)
    parser.add_argument('--norm_pix_loss', action='store_true')
    parser.add_argument('--decoder_depth', type=int, default=1)
    parser.add_argument('--decoder_embed_dim', type=int, default=512)
    # Optimizer parameters
    parser.add_argument('--weight_decay', type=float, default=0.05)
    parser.add_argument('--lr', type=float, default=None, metavar='LR', help='learning rate (absolute lr)')
    parser.add_argument('--blr', type=float, default=1.5e-4, metavar='LR',
                        help='base learning rate: absolute_lr = base_lr * total_batch_size / 256')
    parser.add_argument('--min_lr', type=float, default=0.)
    # Dataset parameters
    parser.add_argument('--data_path', default='/datasets01/imagenet_full_size/061417/', type=str)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--log_dir', default=None)
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=0, type=int)
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--use_amp', type=str2bool, default=False)
    # distributed training parameters
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist_on_itp', type=str2bool, default=False)
    parser.add_argument('--dist_url', default='env://')
    return parser


def main(args):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    cudnn.benchmark = True
    transform_train = transforms.Compose([transforms.RandomResizedCrop(args.input_size, scale=(0.2, 1.0)), transforms.ToTensor()])
    dataset_train = datasets.ImageFolder(args.data_path + '/train', transform=transform_train)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, drop_last=True)
    model = fcmae.__dict__[args.model](mask_ratio=args.mask_ratio, decoder_depth=args.decoder_depth,
                                       decoder_embed_dim=args.decoder_embed_dim, norm_pix_loss=args.norm_pix_loss)
    model.to(device)
    eff_batch_size = args.batch_size * args.update_freq * utils.get_world_size()
    if args.lr is None:
        args.lr = args.blr * eff_batch_size / 256
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu], find_unused_parameters=False)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95))
    loss_scaler = NativeScaler()
    start_time = time.time()
    for epoch in range(args.epochs):
        data_loader_train.sampler.set_epoch(epoch)
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler, args=args)
    print('Training time {}'.format(str(datetime.timedelta(seconds=int(time.time() - start_time)))))


if __name__ == '__main__':
    args = get_args_parser()
    args = args.parse_args()
    main(args)
