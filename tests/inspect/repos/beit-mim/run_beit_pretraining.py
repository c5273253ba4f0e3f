# Masked-image-modelling pre-training (BEiT-shaped, our own text).
import argparse
import datetime
import time

import torch
import torch.backends.cudnn as cudnn
from timm.models import create_model

import modeling_pretrain  # noqa: F401  registers the models
import utils
from datasets import build_beit_pretraining_dataset
from engine_for_pretraining import train_one_epoch
from utils import NativeScalerWithGradNormCount as NativeScaler


def get_args():
    parser = argparse.ArgumentParser('BEiT pre-training script', add_help=False)
    parser.add_argument('--batch_size', default=64, type=int)
    parser.add_argument('--epochs', default=300, type=int)
    parser.add_argument('--save_ckpt_freq', default=20, type=int)
    parser.add_argument('--discrete_vae_weight_path', type=str)
    parser.add_argument('--discrete_vae_type', type=str, default="dall-e")
    # Model parameters
    parser.add_argument('--model', default='deit_base_patch16_224', type=str, metavar='MODEL',
                        help='Name of model to train')
    parser.add_argument('--rel_pos_bias', action='store_true')
    parser.add_argument('--layer_scale_init_value', default=0.1, type=float)
    parser.add_argument('--num_mask_patches', default=75, type=int)
    parser.add_argument('--input_size', default=224, type=int)
    parser.add_argument('--drop_path', type=float, default=0.1, metavar='PCT')
    # Optimizer parameters
    parser.add_argument('--opt', default='adamw', type=str, metavar='OPTIMIZER')
    parser.add_argument('--clip_grad', type=float, default=None, metavar='NORM')
    parser.add_argument('--weight_decay', type=float, default=0.05)
    parser.add_argument('--lr', type=float, default=5e-4, metavar='LR')
    parser.add_argument('--warmup_epochs', type=int, default=5, metavar='N')
    # Dataset parameters
    parser.add_argument('--data_path', default='/datasets01/imagenet_full_size/061417/', type=str)
    parser.add_argument('--output_dir', default='')
    parser.add_argument('--log_dir', default=None)
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=0, type=int)
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist_url', default='env://')
    return parser.parse_args()


def get_model(args):
    print(f"Creating model: {args.model}")
    model = create_model(args.model, pretrained=False, drop_path_rate=args.drop_path, drop_block_rate=None,
                         use_shared_rel_pos_bias=args.rel_pos_bias, init_values=args.layer_scale_init_value)
    return model


def main(args):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    cudnn.benchmark = True
    model = get_model(args)
    dataset_train = build_beit_pretraining_dataset(args)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, drop_last=True)
    model.to(device)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu], find_unused_parameters=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    loss_scaler = NativeScaler()
    start_time = time.time()
    for epoch in range(args.epochs):
        data_loader_train.sampler.set_epoch(epoch)
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler, args.clip_grad)
    print('Training time {}'.format(str(datetime.timedelta(seconds=int(time.time() - start_time)))))


if __name__ == '__main__':
    opts = get_args()
    main(opts)
