import torch
import torch.distributed as dist


def infer_init_method(config):
    config.distributed.world_size = max(1, torch.cuda.device_count())
    config.distributed.init_method = "tcp://localhost:10001"


def distributed_init(config):
    dist.init_process_group(backend=config.distributed.backend, init_method=config.distributed.init_method,
                            world_size=config.distributed.world_size, rank=config.distributed.rank)
