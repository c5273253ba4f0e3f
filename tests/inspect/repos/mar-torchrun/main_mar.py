import argparse
import datetime
import os
import time
from pathlib import Path

import torch
import torch.backends.cudnn as cudnn
import torchvision.transforms as transforms
import torchvision.datasets as datasets

import util.misc as misc
from util.misc import NativeScalerWithGradNormCount as NativeScaler
from models import mar
from models.vae import AutoencoderKL
from engine_mar import train_one_epoch


def get_args_parser():
    parser = argparse.ArgumentParser('MAR training with Diffusion Loss', add_help=False)
    parser.add_argument('--batch_size', default=16, type=int,
                        help='Batch size per GPU (effective batch size is batch_size * # gpus')
    parser.add_argument('--epochs', default=400, type=int)

    # Model parameters
    parser.add_argument('--model', default='mar_large', type=str, metavar='MODEL',
                        help='Name of model to train')

    # VAE parameters
    parser.add_argument('--img_size', default=256, type=int, help='images input size')
    parser.add_argument('--vae_path', default="pretrained_models/vae/kl16.ckpt", type=str)
    parser.add_argument('--vae_embed_dim', default=16, type=int, help='vae output embedding dimension')
    parser.add_argument('--vae_stride', default=16, type=int, help='tokenizer stride, default use KL16')
    parser.add_argument('--patch_size', default=1, type=int, help='number of tokens to group as a patch.')

    # Optimizer parameters
    parser.add_argument('--weight_decay', type=float, default=0.02, help='weight decay (default: 0.02)')
    parser.add_argument('--grad_checkpointing', action='store_true')
    parser.add_argument('--lr', type=float, default=None, metavar='LR',
                        help='learning rate (absolute lr)')
    parser.add_argument('--blr', type=float, default=1e-4, metavar='LR',
                        help='base learning rate: absolute_lr = base_lr * total_batch_size / 256')
    parser.add_argument('--min_lr', type=float, default=0., metavar='LR',
                        help='lower lr bound for cyclic schedulers that hit 0')
    parser.add_argument('--lr_schedule', type=str, default='constant', help='learning rate schedule')
    parser.add_argument('--warmup_epochs', type=int, default=100, metavar='N', help='epochs to warmup LR')
    parser.add_argument('--ema_rate', default=0.9999, type=float)

    # MAR params
    parser.add_argument('--mask_ratio_min', type=float, default=0.7, help='Minimum mask ratio')
    parser.add_argument('--grad_clip', type=float, default=3.0, help='Gradient clip')
    parser.add_argument('--buffer_size', type=int, default=64)

    # Diffusion Loss params
    parser.add_argument('--diffloss_d', type=int, default=12)
    parser.add_argument('--diffloss_w', type=int, default=1536)
    parser.add_argument('--num_sampling_steps', type=str, default="100")
    parser.add_argument('--diffusion_batch_mul', type=int, default=1)

    # Dataset parameters
    parser.add_argument('--data_path', default='./data/imagenet', type=str, help='dataset path')
    parser.add_argument('--class_num', default=1000, type=int)
    parser.add_argument('--output_dir', default='./output_dir', help='path where to save, empty for no saving')
    parser.add_argument('--log_dir', default='./output_dir', help='path where to tensorboard log')
    parser.add_argument('--device', default='cuda', help='device to use for training / testing')
    parser.add_argument('--seed', default=1, type=int)
    parser.add_argument('--resume', default='', help='resume from checkpoint')
    parser.add_argument('--start_epoch', default=0, type=int, metavar='N', help='start epoch')
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--pin_mem', action='store_true')
    parser.set_defaults(pin_mem=True)

    # distributed training parameters
    parser.add_argument('--world_size', default=1, type=int, help='number of distributed processes')
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist_on_itp', action='store_true')
    parser.add_argument('--dist_url', default='env://', help='url used to set up distributed training')
    return parser


def main(args):
    misc.init_distributed_mode(args)
    device = torch.device(args.device)
    transform_train = transforms.Compose([transforms.ToTensor()])
    dataset_train = datasets.ImageFolder(os.path.join(args.data_path, 'train'), transform=transform_train)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, num_replicas=misc.get_world_size(),
                                                        rank=misc.get_rank(), shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, pin_memory=args.pin_mem,
                                                    drop_last=True)
    vae = AutoencoderKL(embed_dim=args.vae_embed_dim, ch_mult=(1, 1, 2, 2, 4), ckpt_path=args.vae_path).cuda().eval()
    model = mar.__dict__[args.model](img_size=args.img_size, vae_stride=args.vae_stride, patch_size=args.patch_size,
                                     vae_embed_dim=args.vae_embed_dim, mask_ratio_min=args.mask_ratio_min,
                                     label_drop_prob=0.1, class_num=args.class_num, attn_dropout=0.1,
                                     proj_dropout=0.1, buffer_size=args.buffer_size, diffloss_d=args.diffloss_d,
                                     diffloss_w=args.diffloss_w, num_sampling_steps=args.num_sampling_steps,
                                     diffusion_batch_mul=args.diffusion_batch_mul,
                                     grad_checkpointing=args.grad_checkpointing)
    model.to(device)
    eff_batch_size = args.batch_size * misc.get_world_size()
    if args.lr is None:
        args.lr = args.blr * eff_batch_size / 256
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
    model_without_ddp = model.module
    param_groups = misc.add_weight_decay(model_without_ddp, args.weight_decay)
    optimizer = torch.optim.AdamW(param_groups, lr=args.lr, betas=(0.9, 0.95))
    loss_scaler = NativeScaler()
    for epoch in range(args.start_epoch, args.epochs):
        train_one_epoch(model, vae, model_without_ddp, data_loader_train, optimizer, device, epoch, loss_scaler,
                        args=args)


if __name__ == '__main__':
    args = get_args_parser()
    args = args.parse_args()
    Path(args.output_dir).mkdir(parents=True, exist_ok=True)
    main(args)
