# Fixture: PaddleOCR-style argument parser (-c config, -o key=value overrides).
from argparse import ArgumentParser, RawDescriptionHelpFormatter

import yaml


class ArgsParser(ArgumentParser):
    def __init__(self):
        super(ArgsParser, self).__init__(formatter_class=RawDescriptionHelpFormatter)
        self.add_argument("-c", "--config", help="configuration file to use")
        self.add_argument("-o", "--opt", nargs="+", help="set configuration options")


def load_config(path):
    return yaml.load(open(path, "rb"), Loader=yaml.Loader)


def merge_config(config, opts):
    for s in opts or []:
        k, v = s.split("=", 1)
        cur = config
        keys = k.split(".")
        for key in keys[:-1]:
            cur = cur[key]
        cur[keys[-1]] = yaml.safe_load(v)
    return config
