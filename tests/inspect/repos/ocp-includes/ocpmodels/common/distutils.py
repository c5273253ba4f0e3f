import os

import torch.distributed as dist


def setup(config):
    dist.init_process_group(backend="nccl", init_method="env://",
                            world_size=int(os.environ["WORLD_SIZE"]), rank=int(os.environ["RANK"]))
