"""Trainer: a YAML named by --cfg over yacs defaults; some options are copied into the config."""
import argparse

import torch
import torch.distributed as dist

from settings import _C, update_config


def parse_option():
    parser = argparse.ArgumentParser('trainer')
    parser.add_argument('--cfg', type=str, required=True)
    parser.add_argument('--batch-size', type=int)
    parser.add_argument('--data-path', type=str)
    parser.add_argument('--accumulation-steps', type=int)
    parser.add_argument('--use-checkpoint', action='store_true')
    parser.add_argument('--disable-amp', action='store_true')
    parser.add_argument('--output', default='output', type=str)
    parser.add_argument('--lr', type=float)
    args = parser.parse_args()
    config = _C.clone()
    update_config(config, args)
    if args.lr:
        config.defrost()
        config.TRAIN.BASE_LR = args.lr
    return args, config


def main(config):
    model = torch.nn.Linear(4, 4).cuda()
    model = torch.nn.parallel.DistributedDataParallel(model)
    scaler = torch.cuda.amp.GradScaler(enabled=config.AMP_ENABLE)


if __name__ == '__main__':
    args, config = parse_option()
    dist.init_process_group(backend='nccl')
    main(config)
