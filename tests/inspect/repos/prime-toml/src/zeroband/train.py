# Pre-trains a Llama model with FSDP; the configuration is a pydantic model filled from a TOML
# file given as @path and from --a.b flags (own fixture).
from typing import Literal
import torch
from pydantic_config import BaseConfig, parse_argv
from torch.distributed._composable.fsdp import MixedPrecisionPolicy, fully_shard
from zeroband.models.llama import get_model


class OptimConfig(BaseConfig):
    lr: float = 4e-4
    weight_decay: float = 0.1
    batch_size: int = 512
    warmup_steps: int = 1000
    total_steps: int = 88_000


class TrainConfig(BaseConfig):
    micro_bs: int = 1
    torch_compile: bool = True


class DataConfig(BaseConfig):
    dataset_name_or_paths: str = "allenai/c4:en"
    seq_length: int = 1024


class Config(BaseConfig):
    name_model: Literal["debugmodel", "150M", "1B", "7B"] = "150M"
    project: str = "zeroband"
    optim: OptimConfig = OptimConfig()
    train: TrainConfig
    data: DataConfig = DataConfig()


def train(config: Config):
    model, model_config = get_model(config.name_model, vocab_size=32000, seq_length=config.data.seq_length)
    mp_policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
    for layer in model.layers.values():
        fully_shard(layer, mp_policy=mp_policy)
    fully_shard(model, mp_policy=mp_policy)


if __name__ == "__main__":
    config = Config(**parse_argv())
    train(config)
