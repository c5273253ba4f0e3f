import os

import torch.distributed as dist


def init_distributed(port=40111, rank_and_world_size=(None, None)):
    rank, world_size = rank_and_world_size
    os.environ['MASTER_ADDR'] = 'localhost'
    os.environ['MASTER_PORT'] = str(port)
    dist.init_process_group(backend='nccl', world_size=world_size, rank=rank)
    return dist.get_world_size(), dist.get_rank()
