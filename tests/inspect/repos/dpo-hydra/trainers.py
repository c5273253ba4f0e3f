# The trainers a run picks by name (config key `trainer`): one process, FSDP, or naive model parallel.
import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP


class BasicTrainer:
    def __init__(self, policy, config):
        self.policy = policy
        self.config = config


class FSDPTrainer(BasicTrainer):
    def __init__(self, policy, config):
        super().__init__(policy, config)
        self.policy = FSDP(policy, device_id=torch.cuda.current_device())


class TensorParallelTrainer(BasicTrainer):
    pass
