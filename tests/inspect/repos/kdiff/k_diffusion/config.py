"""Reads a JSON training config and fills defaults (fixture)."""
import json


def load_config(path):
    defaults = {'model': {'sigma_data': 1.0}, 'optimizer': {'type': 'adamw', 'lr': 1e-4}}
    with open(path) as f:
        config = json.load(f)
    for k, v in defaults.items():
        config.setdefault(k, v)
    return config


def make_model(config):
    return None
