"""python -m axolotl.cli.train CONFIG [--key=value ...]: load the YAML, apply the overrides, train."""
from pathlib import Path

import fire

from axolotl.cli.config import load_cfg
from axolotl.train import train


def do_cli(config: Path = Path("examples/"), **kwargs):
    cfg = load_cfg(config, **kwargs)
    train(cfg=cfg)


if __name__ == "__main__":
    fire.Fire(do_cli)
