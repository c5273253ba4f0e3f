# Reads config/config.json (or $CONFIG_PATH) and turns each key into a command-line word.
import json
import os


def normalize_args(args_dict: dict) -> list:
    words = []
    for key, value in args_dict.items():
        if not key.startswith("--"):
            key = f"--{key}"
        if isinstance(value, bool):
            if value:
                words.append(key)
        else:
            words.append(f"{key}={value}")
    return words


def load_json_config():
    config_path = os.environ.get("CONFIG_PATH", "config/config.json")
    with open(config_path, encoding="utf-8") as f:
        return normalize_args(json.load(f))
