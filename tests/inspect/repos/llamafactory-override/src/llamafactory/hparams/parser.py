"""Reads the training arguments: a YAML or JSON file named first, then `key=value` words after it
merged over the file (OmegaConf.from_cli), or plain `--key value` flags."""
import json
import sys
from pathlib import Path

import yaml
from omegaconf import OmegaConf
from transformers import HfArgumentParser, Seq2SeqTrainingArguments

from .data_args import DataArguments
from .model_args import ModelArguments


def read_args(args=None):
    if args is not None:
        return args
    if sys.argv[1].endswith((".yaml", ".yml")):
        override_config = OmegaConf.from_cli(sys.argv[2:])
        dict_config = OmegaConf.create(yaml.safe_load(Path(sys.argv[1]).absolute().read_text()))
        return OmegaConf.to_container(OmegaConf.merge(dict_config, override_config))
    if sys.argv[1].endswith(".json"):
        override_config = OmegaConf.from_cli(sys.argv[2:])
        dict_config = OmegaConf.create(json.loads(Path(sys.argv[1]).absolute().read_text()))
        return OmegaConf.to_container(OmegaConf.merge(dict_config, override_config))
    return sys.argv[1:]


def get_train_args(args=None):
    parser = HfArgumentParser((ModelArguments, DataArguments, Seq2SeqTrainingArguments))
    args = read_args(args)
    if isinstance(args, dict):
        return parser.parse_dict(args)
    return parser.parse_args_into_dataclasses(args)
