"""Reads a Python config file (mmengine Config) and merges the command-line options into it."""
import argparse

from mmengine.config import Config


def parse_args(training=False):
    parser = argparse.ArgumentParser()
    parser.add_argument("config", help="model config file path")
    parser.add_argument("--seed", default=None, type=int)
    parser.add_argument("--ckpt-path", default=None, type=str)
    parser.add_argument("--batch-size", default=None, type=int)
    parser.add_argument("--data-path", default=None, type=str)
    parser.add_argument("--lr", default=None, type=float)
    return parser.parse_args()


def merge_args(cfg, args, training=False):
    if args.data_path is not None:
        cfg.dataset["data_path"] = args.data_path
        args.data_path = None
    for k, v in vars(args).items():
        if v is not None:
            cfg[k] = v
    return cfg


def parse_configs(training=False):
    args = parse_args(training)
    cfg = Config.fromfile(args.config)
    cfg = merge_args(cfg, args, training)
    return cfg
