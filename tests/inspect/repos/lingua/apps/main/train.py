"""Pretraining entry: dataclass defaults, then the YAML named by config=, then key=value words (OmegaConf)."""
from dataclasses import dataclass, field

import torch
from omegaconf import OmegaConf

from lingua.distributed import DistributedArgs, setup_torch_distributed
from apps.main.transformer import LMTransformer, LMTransformerArgs


@dataclass
class OptimArgs:
    lr: float = 3e-4
    weight_decay: float = 0.1
    warmup: int = 2000


@dataclass
class DataArgs:
    root_dir: str = ""
    batch_size: int = 2
    seq_len: int = 2048


@dataclass
class TrainArgs:
    name: str = "lingua"
    dump_dir: str = ""
    seed: int = 42
    grad_acc_steps: int = 1
    steps: int = 1000
    optim: OptimArgs = field(default_factory=OptimArgs)
    data: DataArgs = field(default_factory=DataArgs)
    model: LMTransformerArgs = field(default_factory=LMTransformerArgs)
    distributed: DistributedArgs = field(default_factory=DistributedArgs)


def train(args: TrainArgs):
    setup_torch_distributed(args.distributed)
    model = LMTransformer(args.model)


def main():
    cli_args = OmegaConf.from_cli()
    file_cfg = OmegaConf.load(cli_args.config)
    del cli_args.config
    default_cfg = OmegaConf.structured(TrainArgs())
    cfg = OmegaConf.merge(default_cfg, file_cfg, cli_args)
    cfg = OmegaConf.to_object(cfg)
    train(cfg)


if __name__ == "__main__":
    main()
