# verl/trainer/main.py - GRPO/PPO on Ray: config=FILE and a.b=v words over the dataclass defaults
import ray
import torch
from omegaconf import OmegaConf
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from torch.distributed.fsdp import MixedPrecision
from transformers import AutoModelForCausalLM

from .config import PPOConfig


def build_actor(cfg):
    model = AutoModelForCausalLM.from_pretrained(cfg.worker.actor.model.model_path, torch_dtype=torch.float32)
    mp = MixedPrecision(param_dtype=torch.bfloat16, reduce_dtype=torch.float32, buffer_dtype=torch.float32)
    return FSDP(model, mixed_precision=mp)


def main():
    cli_args = OmegaConf.from_cli()
    default_config = OmegaConf.structured(PPOConfig())
    if hasattr(cli_args, "config"):
        config_path = cli_args.pop("config", None)
        file_config = OmegaConf.load(config_path)
        default_config = OmegaConf.merge(default_config, file_config)
    ppo_config = OmegaConf.merge(default_config, cli_args)
    ray.init()
    build_actor(ppo_config)


if __name__ == "__main__":
    main()
