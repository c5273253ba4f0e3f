import argparse
import math
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from datasets import load_dataset, concatenate_datasets

import models.config as config
from models.vision_language_model import VisionLanguageModel


def init_dist():
    dist.init_process_group(backend='nccl')
    torch.cuda.set_device(dist.get_rank() % torch.cuda.device_count())


def is_dist():
    return dist.is_available() and dist.is_initialized()


def get_dataloaders(train_cfg, vlm_cfg):
    combined_train_data = []
    for dataset_name in train_cfg.train_dataset_name:
        train_ds = load_dataset(train_cfg.train_dataset_path, dataset_name)
        combined_train_data.append(train_ds['train'])
    train_ds = concatenate_datasets(combined_train_data)
    return torch.utils.data.DataLoader(train_ds, batch_size=train_cfg.batch_size, shuffle=True)


def train(train_cfg, vlm_cfg):
    train_loader = get_dataloaders(train_cfg, vlm_cfg)
    model = VisionLanguageModel(vlm_cfg, load_backbone=vlm_cfg.vlm_load_backbone_weights)
    param_groups = [{'params': list(model.MP.parameters()), 'lr': train_cfg.lr_mp},
                    {'params': list(model.decoder.parameters()) + list(model.vision_encoder.parameters()), 'lr': train_cfg.lr_backbones}]
    optimizer = torch.optim.AdamW(param_groups)
    device = torch.device("cuda")
    model.to(device)
    if train_cfg.compile:
        model = torch.compile(model)
    if is_dist():
        model = DistributedDataParallel(model, device_ids=[dist.get_rank() % torch.cuda.device_count()])

    for epoch in range(train_cfg.epochs):
        for i, batch in enumerate(train_loader):
            with torch.autocast(device_type='cuda', dtype=torch.bfloat16):
                _, loss = model(batch["input_ids"], batch["image"], attention_mask=batch["attention_mask"], targets=batch["labels"])
            loss = loss / train_cfg.gradient_accumulation_steps
            loss.backward()
            if (i + 1) % train_cfg.gradient_accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--lr_mp', type=float, help='Learning rate for the mapping network')
    parser.add_argument('--lr_backbones', type=float, help='Learning rate for the backbones')
    parser.add_argument('--vlm_checkpoint_path', type=str, help='Path to the VLM checkpoint for loading or saving')
    parser.add_argument('--compile', type=bool, help='Use torch.compile to optimize the model')
    parser.add_argument('--resume_from_vlm_checkpoint', type=bool, default=False, help='Resume training from VLM checkpoint specified by vlm_checkpoint_path (or default if not provided)')

    args = parser.parse_args()

    vlm_cfg = config.VLMConfig()
    train_cfg = config.TrainConfig()

    if args.lr_mp is not None:
        train_cfg.lr_mp = args.lr_mp
    if args.lr_backbones is not None:
        train_cfg.lr_backbones = args.lr_backbones
    if args.vlm_checkpoint_path is not None:
        vlm_cfg.vlm_checkpoint_path = args.vlm_checkpoint_path
    if args.compile is not None:
        train_cfg.compile = args.compile

    if "RANK" in os.environ and "WORLD_SIZE" in os.environ:
        init_dist()

    train(train_cfg, vlm_cfg)


if __name__ == "__main__":
    main()
