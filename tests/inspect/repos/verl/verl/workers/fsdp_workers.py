"""Actor/rollout worker that shards the policy with FSDP."""
import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from transformers import AutoModelForCausalLM


class ActorRolloutRefWorker:
    def __init__(self, config, tokenizer):
        self.config = config
        model = AutoModelForCausalLM.from_pretrained(config.model.path, torch_dtype=torch.bfloat16)
        self.module = FSDP(model)

    def fit(self, files, epochs):
        pass
