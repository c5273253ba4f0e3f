import contextlib
import os

import torch


def null_context():
    return contextlib.nullcontext()


def init_distributed_mode(args):
    args.gpu = int(os.environ["LOCAL_RANK"])
    torch.distributed.init_process_group(backend="nccl", init_method=args.dist_url)
