# Fine-tuning entry: fire keywords update the dataclass settings, FSDP when enable_fsdp (fixture).
import fire
import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from transformers import AutoModelForCausalLM

from llama_cookbook.configs import fsdp_config as FSDP_CONFIG
from llama_cookbook.configs import train_config as TRAIN_CONFIG
from llama_cookbook.utils.config_utils import update_config


def main(**kwargs):
    train_config, fsdp_config = TRAIN_CONFIG(), FSDP_CONFIG()
    update_config((train_config, fsdp_config), **kwargs)
    torch.manual_seed(train_config.seed)
    if train_config.enable_fsdp:
        dist.init_process_group("nccl")
    model = AutoModelForCausalLM.from_pretrained(train_config.model_name)
    if train_config.enable_fsdp:
        model = FSDP(model, sharding_strategy=fsdp_config.sharding_strategy)
    optimizer = torch.optim.AdamW(model.parameters(), lr=train_config.lr, weight_decay=train_config.weight_decay)
    return optimizer


if __name__ == "__main__":
    fire.Fire(main)
