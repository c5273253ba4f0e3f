"""Reads the YAML config; keyword overrides from the command line replace its keys."""
import yaml

from axolotl.utils.schemas.config import AxolotlInputConfig


def load_cfg(config, **kwargs):
    with open(config, encoding="utf-8") as f:
        raw = yaml.safe_load(f)
    for k, v in kwargs.items():
        if v is not None:
            raw[k] = v
    return AxolotlInputConfig(**raw)
