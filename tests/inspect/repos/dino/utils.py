import argparse
import os

import torch.distributed as dist


def bool_flag(s):
    if s.lower() in {"off", "false", "0"}:
        return False
    if s.lower() in {"on", "true", "1"}:
        return True
    raise argparse.ArgumentTypeError("invalid value for a boolean flag")


def init_distributed_mode(args):
    args.gpu = int(os.environ["LOCAL_RANK"])
    dist.init_process_group(backend="nccl")
