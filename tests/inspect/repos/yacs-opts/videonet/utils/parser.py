"""Command line: config files and trailing KEY VALUE options."""
import argparse

from videonet.config.defaults import get_cfg


def parse_args():
    parser = argparse.ArgumentParser(description="video training")
    parser.add_argument("--shard_id", default=0, type=int)
    parser.add_argument("--num_shards", default=1, type=int)
    parser.add_argument("--cfg", dest="cfg_files", default=["configs/k400/r50.yaml"], nargs="+")
    parser.add_argument("--opts", default=None, nargs=argparse.REMAINDER)
    return parser.parse_args()


def load_config(args, path_to_config=None):
    cfg = get_cfg()
    if path_to_config is not None:
        cfg.merge_from_file(path_to_config)
    if args.opts is not None:
        cfg.merge_from_list(args.opts)
    return cfg
