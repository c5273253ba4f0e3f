import copy
import logging
from pathlib import Path

import yaml


def setup_logging():
    logging.basicConfig(level=logging.INFO)


def merge_dicts(a, b):
    out = copy.deepcopy(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge_dicts(out[k], v)
        else:
            out[k] = v
    return out


def load_config(path):
    """A config may list other configs under `includes:`; they are read first, the file itself wins."""
    path = Path(path)
    direct = yaml.safe_load(open(path))
    includes = direct.pop("includes", [])
    config = {}
    for inc in includes:
        config = merge_dicts(config, load_config(inc))
    return merge_dicts(config, direct)


def create_dict_from_args(args, sep="."):
    out = {}
    for arg in args:
        key, value = arg.lstrip("-").split("=", 1)
        d = out
        keys = key.split(sep)
        for k in keys[:-1]:
            d = d.setdefault(k, {})
        d[keys[-1]] = yaml.safe_load(value)
    return out


def build_config(args, args_override):
    config = load_config(args.config_yml)
    if args_override:
        config = merge_dicts(config, create_dict_from_args(args_override))
    config["mode"] = args.mode
    config["identifier"] = args.identifier
    config["seed"] = args.seed
    config["amp"] = args.amp
    config["gpus"] = args.num_gpus
    config["distributed"] = args.distributed
    return config
