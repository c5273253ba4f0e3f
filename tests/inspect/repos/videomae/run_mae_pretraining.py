# Masked video pre-training (VideoMAE shaped, our own text).
import argparse
import datetime
import time

import torch
import torch.backends.cudnn as cudnn
from timm.models import create_model

import modeling_pretrain  # noqa: F401
import utils
from datasets import build_pretraining_dataset
from engine_for_pretraining import train_one_epoch
from utils import NativeScalerWithGradNormCount as NativeScaler


def get_args():
    parser = argparse.ArgumentParser('VideoMAE pre-training script', add_help=False)
    parser.add_argument('--batch_size', default=64, type=int)
    parser.add_argument('--epochs', default=800, type=int)
    parser.add_argument('--save_ckpt_freq', default=50, type=int)
    # Model parameters
    parser.add_argument('--model', default='pretrain_videomae_base_patch16_224', type=str, metavar='MODEL')
    parser.add_argument('--decoder_depth', default=4, type=int)
    parser.add_argument('--mask_type', default='tube', choices=['random', 'tube'], type=str)
    parser.add_argument('--mask_ratio', default=0.75, type=float)
    parser.add_argument('--input_size', default=224, type=int)
    parser.add_argument('--drop_path', type=float, default=0.0, metavar='PCT')
    # Optimizer parameters
    parser.add_argument('--opt', default='adamw', type=str, metavar='OPTIMIZER')
    parser.add_argument('--opt_betas', default=None, type=float, nargs='+', metavar='BETA')
    parser.add_argument('--weight_decay', type=float, default=0.05)
    parser.add_argument('--lr', type=float, default=1.5e-4, metavar='LR')
    parser.add_argument('--warmup_epochs', type=int, default=40, metavar='N')
    # Dataset parameters
    parser.add_argument('--data_path', default='/path/to/list_kinetics-400', type=str)
    parser.add_argument('--num_frames', type=int, default=16)
    parser.add_argument('--sampling_rate', type=int, default=4)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--log_dir', default=None)
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=0, type=int)
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist_url', default='env://')
    return parser.parse_args()


def main(args):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    cudnn.benchmark = True
    model = create_model(args.model, pretrained=False, drop_path_rate=args.drop_path, decoder_depth=args.decoder_depth)
    dataset_train = build_pretraining_dataset(args)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, drop_last=True)
    model.to(device)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu], find_unused_parameters=False)
    total_batch_size = args.batch_size * utils.get_world_size()
    args.lr = args.lr * total_batch_size / 256
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    loss_scaler = NativeScaler()
    start_time = time.time()
    for epoch in range(args.epochs):
        data_loader_train.sampler.set_epoch(epoch)
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler)
    print('Training time {}'.format(str(datetime.timedelta(seconds=int(time.time() - start_time)))))


if __name__ == '__main__':
    opts = get_args()
    main(opts)
