# Vision-language pre-training: every setting from a YAML read into a dict.
import argparse
import datetime
import os
import time
from pathlib import Path

import ruamel.yaml as yaml
import torch
import torch.distributed as dist

import utils
from dataset import create_dataset, create_loader, create_sampler
from models.model_pretrain import ALBEF
from optim import create_optimizer
from scheduler import create_scheduler


def train(model, data_loader, optimizer, epoch, device, config):
    model.train()
    for i, (image, text) in enumerate(data_loader):
        loss = model(image.to(device), text)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main(args, config):
    utils.init_distributed_mode(args)
    device = torch.device(args.device)
    start_epoch = 0
    max_epoch = config['schedular']['epochs']
    datasets = [create_dataset('pretrain', config)]
    samplers = create_sampler(datasets, [True], utils.get_world_size(), utils.get_rank())
    data_loader = create_loader(datasets, samplers, batch_size=[config['batch_size']], num_workers=[4])[0]
    model = ALBEF(config=config, text_encoder=args.text_encoder, init_deit=True)
    model = model.to(device)
    optimizer = create_optimizer(utils.AttrDict(config['optimizer']), model)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
    for epoch in range(start_epoch, max_epoch):
        train(model, data_loader, optimizer, epoch, device, config)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='./configs/Pretrain.yaml')
    parser.add_argument('--checkpoint', default='')
    parser.add_argument('--resume', default=False, type=bool)
    parser.add_argument('--output_dir', default='Pretrain/')
    parser.add_argument('--text_encoder', default='bert-base-uncased')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=42, type=int)
    parser.add_argument('--world_size', default=1, type=int, help='number of distributed processes')
    parser.add_argument('--dist_url', default='env://', help='url used to set up distributed training')
    parser.add_argument('--distributed', default=True, type=bool)
    args = parser.parse_args()
    config = yaml.load(open(args.config, 'r'), Loader=yaml.Loader)
    Path(args.output_dir).mkdir(parents=True, exist_ok=True)
    main(args, config)
