# main.py - pre-training entry: --config_format picks the config module that adds the other options
import argparse
import copy
import os
import random
from contextlib import nullcontext

import numpy as np
import torch

import config
import distributed
from data.utils import get_dataset
from models.utils import get_model
from optim.base import train_base


def get_args():
    parser = argparse.ArgumentParser(allow_abbrev=False)
    parser.add_argument('--config_format', default='base', choices=config.registered_formats())

    args, rem_args = parser.parse_known_args()

    return config.parse_args_with_format(format=args.config_format, base_parser=parser, args=rem_args, namespace=args)


def main(args):
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True

    distributed_backend = distributed.make_backend_from_args(args)
    args = distributed_backend.get_adjusted_args_for_process(args)

    args.device = torch.device(args.device)
    device_type = "cuda" if "cuda" in str(args.device) else "cpu"
    if device_type == "cuda":
        torch.cuda.set_device(args.device)

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed)

    print(f"Loading dataset '{args.dataset}'")
    data = get_dataset(args)

    model = get_model(args).to(args.device)
    model = distributed_backend.transform_model(model)

    group_specs = distributed_backend.get_raw_model(model).get_parameter_group_specs()
    opt = torch.optim.AdamW(group_specs, lr=args.lr, betas=(args.beta1, args.beta2), weight_decay=args.weight_decay, fused=True)

    if args.scheduler != 'none':
        scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer=opt, max_lr=args.lr, total_steps=args.iterations,
                                                        pct_start=args.warmup_percent, anneal_strategy=args.scheduler,
                                                        cycle_momentum=False, div_factor=1e2, final_div_factor=.1)
    else:
        scheduler = None

    type_ctx = nullcontext() if device_type == 'cpu' else torch.amp.autocast(device_type=device_type, dtype=args.dtype)

    stats = train_base(model, opt, data, scheduler, args.iterations, args.acc_steps, args.batch_size,
                       args.sequence_length, eval_freq=args.eval_freq, distributed_backend=distributed_backend,
                       extra_args=args, type_ctx=type_ctx)

    distributed_backend.finalize()


if __name__ == "__main__":
    args = get_args()
    main(args)
