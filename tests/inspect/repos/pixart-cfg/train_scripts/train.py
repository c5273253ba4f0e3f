# Diffusion-transformer training: an mmcv Python config, accelerate inside a torch.distributed launch.
import argparse
import os
import time

import torch
from accelerate import Accelerator
from mmcv.runner import LogBuffer
from mmcv import Config

from diffusion.model.builder import build_model
from diffusion.data.builder import build_dataset, build_dataloader


def parse_args():
    parser = argparse.ArgumentParser(description="Process some integers.")
    parser.add_argument("config", type=str, help="config")
    parser.add_argument('--work-dir', help='the dir to save logs and models')
    parser.add_argument('--resume-from', help='the dir to resume the training')
    parser.add_argument('--local-rank', type=int, default=-1)
    parser.add_argument('--debug', action='store_true')
    return parser.parse_args()


if __name__ == '__main__':
    args = parse_args()
    config = Config.fromfile(args.config)
    if args.work_dir is not None:
        config.work_dir = args.work_dir
    accelerator = Accelerator(mixed_precision=config.mixed_precision,
                              gradient_accumulation_steps=config.gradient_accumulation_steps)
    latent_size = config.image_size // 8
    model = build_model(config.model, config.grad_checkpointing, input_size=latent_size,
                        learn_sigma=True, pred_sigma=True)
    dataset = build_dataset(config.data, resolution=config.image_size)
    train_dataloader = build_dataloader(dataset, num_workers=config.num_workers, batch_size=config.train_batch_size, shuffle=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.optimizer['lr'], weight_decay=config.optimizer['weight_decay'])
    model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, train_dataloader)
    for epoch in range(config.num_epochs):
        for batch in train_dataloader:
            with accelerator.accumulate(model):
                loss = model(batch).mean()
                accelerator.backward(loss)
                optimizer.step()
