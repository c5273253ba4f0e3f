import yaml
from axolotl.utils.dict import DictDefault


def load_cfg(config, **kwargs):
    with open(config, encoding="utf-8") as f:
        cfg = DictDefault(yaml.safe_load(f))
    for k, v in kwargs.items():
        cfg[k] = v
    return cfg
