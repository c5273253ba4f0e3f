"""Builds the device mesh from the parallelism settings and trains."""
import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.distributed.tensor.parallel import parallelize_module

from torchtitan.config import JobConfig


class Trainer:
    def __init__(self, job_config: JobConfig):
        p = job_config.parallelism
        self.mesh = init_device_mesh("cuda", (p.data_parallel_shard_degree, p.tensor_parallel_degree))
        self.model = None

    def train(self):
        for step in range(1):
            pass


if __name__ == "__main__":
    config = JobConfig()
    trainer = Trainer(config)
    trainer.train()
