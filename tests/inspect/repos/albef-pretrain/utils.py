import os

import torch


def init_distributed_mode(args):
    args.gpu = int(os.environ["LOCAL_RANK"])
    torch.distributed.init_process_group(backend="nccl", init_method=args.dist_url)


def get_world_size():
    return torch.distributed.get_world_size()


def get_rank():
    return torch.distributed.get_rank()


class AttrDict(dict):
    pass
