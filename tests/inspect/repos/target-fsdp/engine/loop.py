# A training loop that shards the model over the ranks.
import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel
from transformers import AutoModelForCausalLM


class ShardedLoop:
    def __init__(self, epochs, lr, batch_size, model_name):
        dist.init_process_group("nccl")
        model = AutoModelForCausalLM.from_pretrained(model_name)
        self.model = FullyShardedDataParallel(model.cuda())
        self.epochs = epochs

    def run(self):
        for _ in range(self.epochs):
            pass
