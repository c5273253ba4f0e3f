"""Config loading: JSON files that name a parent with base_config, merged child over parent."""
import collections
import json
import os


def override_config(base_config, new_config):
    """Update new configurations in the original dict with the new dict."""
    for k, v in new_config.items():
        if type(v) == dict:
            if k not in base_config.keys():
                base_config[k] = {}
            base_config[k] = override_config(base_config[k], v)
        else:
            base_config[k] = v
    return base_config


def _load_config(config_fn, lowercase=False):
    with open(config_fn, "r") as f:
        data = f.read()
    config_ = json.loads(data)
    if "base_config" in config_:
        p_config_path = os.path.join(os.getenv("WORK_DIR"), config_["base_config"])
        p_config_ = _load_config(p_config_path)
        config_ = override_config(p_config_, config_)
    return config_


class JsonHParams:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            if type(v) == dict:
                v = JsonHParams(**v)
            self.__dict__[k] = v


def load_config(config_fn, lowercase=False):
    config_ = _load_config(config_fn, lowercase=lowercase)
    return JsonHParams(**config_)
