import os

import torch


def init_distributed_mode(args):
    args.gpu = int(os.environ['LOCAL_RANK'])
    torch.distributed.init_process_group(backend='nccl')
