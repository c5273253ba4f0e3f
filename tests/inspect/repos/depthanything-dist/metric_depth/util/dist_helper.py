# Process group from the launcher's environment (torch.distributed.launch or Slurm).
import os
import torch
import torch.distributed as dist


def setup_distributed(backend="nccl", port=None):
    rank = int(os.environ["RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    torch.cuda.set_device(rank % torch.cuda.device_count())
    dist.init_process_group(backend=backend, world_size=world_size, rank=rank)
    return rank, world_size
