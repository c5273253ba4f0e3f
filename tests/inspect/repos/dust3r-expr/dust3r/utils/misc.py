# Distributed set-up from the launcher's environment.
import os
import torch


def init_distributed_mode(args):
    if 'RANK' in os.environ and 'WORLD_SIZE' in os.environ:
        args.rank = int(os.environ["RANK"])
        args.world_size = int(os.environ['WORLD_SIZE'])
        args.gpu = int(os.environ['LOCAL_RANK'])
        args.distributed = True
    else:
        args.distributed = False
        return
    torch.cuda.set_device(args.gpu)
    torch.distributed.init_process_group(backend='nccl', world_size=args.world_size, rank=args.rank)
