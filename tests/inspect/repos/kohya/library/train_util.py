"""Shared options and the TOML reader: a --config_file's sections are flattened over the options."""
import argparse

import toml


def add_training_arguments(parser: argparse.ArgumentParser):
    parser.add_argument("--output_dir", type=str, default=None)
    parser.add_argument("--train_batch_size", type=int, default=1)
    parser.add_argument("--max_train_steps", type=int, default=1600)
    parser.add_argument("--max_train_epochs", type=int, default=None)
    parser.add_argument("--learning_rate", type=float, default=2.0e-6)
    parser.add_argument("--mixed_precision", type=str, default="no", choices=["no", "fp16", "bf16"])
    parser.add_argument("--gradient_checkpointing", action="store_true")
    parser.add_argument("--seed", type=int, default=None)


def add_sd_models_arguments(parser: argparse.ArgumentParser):
    parser.add_argument("--pretrained_model_name_or_path", type=str, default=None)
    parser.add_argument("--v2", action="store_true")


def add_dataset_arguments(parser: argparse.ArgumentParser):
    parser.add_argument("--train_data_dir", type=str, default=None)
    parser.add_argument("--resolution", type=str, default=None)


def add_config_arguments(parser: argparse.ArgumentParser):
    parser.add_argument("--config_file", type=str, default=None)


def read_config_from_file(args: argparse.Namespace, parser: argparse.ArgumentParser):
    if not args.config_file:
        return args
    config_dict = toml.load(args.config_file)
    ignore_nesting_dict = {}
    for section_name, section_dict in config_dict.items():
        if not isinstance(section_dict, dict):
            ignore_nesting_dict[section_name] = section_dict
            continue
        for key, value in section_dict.items():
            ignore_nesting_dict[key] = value
    config_args = argparse.Namespace(**ignore_nesting_dict)
    args = parser.parse_args(namespace=config_args)
    return args
