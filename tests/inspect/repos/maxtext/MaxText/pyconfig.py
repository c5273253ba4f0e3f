"""Reads base.yml, the model's YAML named by model_name, then key=value words (fixture)."""
import os
import sys

import yaml


def initialize(argv):
    with open(argv[1]) as f:
        raw = yaml.safe_load(f)
    for word in argv[2:]:
        k, v = word.split("=", 1)
        raw[k] = yaml.safe_load(v)
    model_file = os.path.join(os.path.dirname(argv[1]), "models", raw["model_name"] + ".yml")
    if os.path.exists(model_file):
        with open(model_file) as f:
            raw.update(yaml.safe_load(f))
    return raw
