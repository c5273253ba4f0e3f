#!/usr/bin/env python
"""Train a sequence-to-sequence model; one process per GPU rank when world_size > 1."""
import torch
import torch.multiprocessing as mp

import onmt.opts as opts
from onmt.utils.parse import ArgumentParser


def single_main(opt, device_id):
    torch.distributed.init_process_group("nccl", world_size=opt.world_size, rank=device_id)
    data = opt.data


def train(opt):
    if opt.world_size > 1:
        mp.spawn(single_main, args=(opt,), nprocs=opt.world_size)
    else:
        single_main(opt, 0)


def _get_parser():
    parser = ArgumentParser(description='train.py')
    opts.config_opts(parser)
    opts.model_opts(parser)
    opts.train_opts(parser)
    return parser


def main():
    parser = _get_parser()
    opt, unknown = parser.parse_known_args()
    train(opt)


if __name__ == "__main__":
    main()
