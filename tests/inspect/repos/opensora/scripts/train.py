"""Trains the video diffusion transformer with ColossalAI's booster (the plugin named in the config)."""
import torch
import torch.distributed as dist
from colossalai.booster import Booster
from colossalai.booster.plugin import LowLevelZeroPlugin

from opensora.utils.config_utils import parse_configs


def main():
    cfg = parse_configs(training=True)
    dist.init_process_group(backend="nccl")
    if cfg.get("plugin", "zero2") == "zero2":
        plugin = LowLevelZeroPlugin(stage=2, precision=cfg.get("dtype", "bf16"))
    booster = Booster(plugin=plugin)


if __name__ == "__main__":
    main()
