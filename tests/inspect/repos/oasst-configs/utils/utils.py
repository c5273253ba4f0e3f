# utils.py - config loading and dataset construction for the SFT trainer
from pathlib import Path

import yaml
from datasets import load_dataset


def _strtobool(x):
    return bool(x.lower() in ("1", "y", "yes", "t", "true", "on"))


def read_yamls(dir):
    conf = {}
    no_conf = True
    for config_file in Path(dir).glob("**/*.yaml"):
        no_conf = False
        with config_file.open("r") as f:
            conf.update(yaml.safe_load(f))
    if no_conf:
        print(f"WARNING: No yaml files found in {dir}")
    return conf


def get_one_dataset(conf, dataset_name, **kwargs):
    if dataset_name == "oasst_export":
        return load_dataset("json", data_files=kwargs["input_file_path"], split="train")
    return load_dataset(dataset_name, split="train")


def get_dataset(conf):
    train_datasets, evals = [], {}
    for data_config in conf.datasets:
        dataset_name, kwargs = (list(data_config.keys())[0], list(data_config.values())[0]) if isinstance(data_config, dict) else (data_config, {})
        train_datasets.append(get_one_dataset(conf, dataset_name, **kwargs))
    return train_datasets[0], evals
