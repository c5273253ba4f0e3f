#!/usr/bin/env python3
# Training script of a streaming speech recogniser (a recipe folder's own train.py, run from the
# recipe's root as ./zipformer/train.py). One process per GPU is spawned by the script itself.
import argparse

import torch
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP

from asr_datamodule import LibriSpeechAsrDataModule
from icefall.utils import AttributeDict, str2bool
from model import AsrModel


def get_parser():
    parser = argparse.ArgumentParser(formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--world-size", type=int, default=1, help="Number of GPUs for DDP training.")
    parser.add_argument("--master-port", type=int, default=12354)
    parser.add_argument("--num-epochs", type=int, default=30, help="Number of epochs to train.")
    parser.add_argument("--start-epoch", type=int, default=1)
    parser.add_argument("--exp-dir", type=str, default="zipformer/exp")
    parser.add_argument("--base-lr", type=float, default=0.045, help="The base learning rate.")
    parser.add_argument("--lr-epochs", type=float, default=3.5)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--use-fp16", type=str2bool, default=False,
                        help="Whether to use half precision training.")
    return parser


def get_params():
    return AttributeDict({"log_interval": 50, "valid_interval": 3000, "feature_dim": 80})


def run(rank, world_size, args):
    params = get_params()
    params.update(vars(args))
    torch.distributed.init_process_group("nccl", rank=rank, world_size=world_size)
    model = AsrModel(encoder=None, decoder=None, joiner=None)
    model = DDP(model, device_ids=[rank])
    librispeech = LibriSpeechAsrDataModule(args)
    train_cuts = librispeech.train_all_shuf_cuts()
    scaler = torch.cuda.amp.GradScaler(enabled=params.use_fp16)
    return train_cuts, scaler


def main():
    parser = get_parser()
    LibriSpeechAsrDataModule.add_arguments(parser)
    args = parser.parse_args()
    world_size = args.world_size
    if world_size > 1:
        mp.spawn(run, args=(world_size, args), nprocs=world_size, join=True)
    else:
        run(rank=0, world_size=1, args=args)


if __name__ == "__main__":
    main()
