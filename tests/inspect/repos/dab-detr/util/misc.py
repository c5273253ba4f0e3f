import os

import torch


def init_distributed_mode(args):
    args.distributed = 'WORLD_SIZE' in os.environ
    if args.distributed:
        args.gpu = int(os.environ['LOCAL_RANK'])
        torch.distributed.init_process_group(backend='nccl', init_method=args.dist_url)
