"""The trainer: a TOML job config, command-line flags on top (--section.key value)."""
import torch
from torch.distributed.fsdp import fully_shard

from torchtitan.config_manager import JobConfig


def main(job_config: JobConfig):
    model = None
    fully_shard(model)


if __name__ == "__main__":
    config = JobConfig()
    config.parse_args()
    main(config)
