"""--yaml-cfg: the whole argument set read from a YAML file; the language_model and model_parallel
sections are flattened into the top level."""
import types

import yaml


def load_yaml(yaml_path):
    with open(yaml_path) as f:
        config = yaml.safe_load(f)
    for section in ("language_model", "model_parallel"):
        config.update(config.pop(section, {}) or {})
    return types.SimpleNamespace(**config)
