"""Trains the audio codec: argbind binds the functions below to the YAML and the command line."""
import os
from dataclasses import dataclass

import argbind
import torch
from audiotools import ml
from audiotools.data import transforms
from torch.utils.tensorboard import SummaryWriter

import dac

# Optimizers and models, configurable by their name in the YAML (AdamW.lr, DAC.sample_rate)
AdamW = argbind.bind(torch.optim.AdamW, "generator", "discriminator")
ExponentialLR = argbind.bind(torch.optim.lr_scheduler.ExponentialLR, "generator", "discriminator")
DAC = argbind.bind(dac.model.DAC)
Discriminator = argbind.bind(dac.model.Discriminator)
AudioDataset = argbind.bind(dac.data.AudioDataset, "train", "val")


@argbind.bind("train", "val")
def build_dataset(sample_rate: int, folders: dict = None):
    loaders = [dac.data.AudioLoader(sources=folders[key]) for key in folders]
    return AudioDataset(loaders, sample_rate)


@argbind.bind(without_prefix=True)
def load(args, accel: ml.Accelerator, save_path: str, resume: bool = False, tag: str = "latest"):
    generator = DAC()
    discriminator = Discriminator()
    optimizer_g = AdamW(generator.parameters(), use_zero=accel.use_ddp)
    return generator, discriminator, optimizer_g


@argbind.bind(without_prefix=True)
def train(
    args,
    accel: ml.Accelerator,
    seed: int = 0,
    save_path: str = "ckpt",
    num_iters: int = 250000,
    save_iters: list = [10000, 50000, 100000, 200000],
    sample_freq: int = 10000,
    valid_freq: int = 1000,
    batch_size: int = 12,
    val_batch_size: int = 10,
    num_workers: int = 8,
    val_idx: list = [0, 1, 2, 3, 4, 5, 6, 7],
    lambdas: dict = {"mel/loss": 100.0},
):
    generator, discriminator, optimizer_g = load(args, accel, save_path)
    train_data = build_dataset(44100)
    train_loader = accel.prepare_dataloader(train_data, num_workers=num_workers, batch_size=batch_size)
    for it in range(num_iters):
        pass


if __name__ == "__main__":
    args = argbind.parse_args()
    args["args.debug"] = int(os.getenv("LOCAL_RANK", 0)) == 0
    with argbind.scope(args):
        with ml.Accelerator(amp=args.get("amp", False)) as accel:
            train(args, accel)
