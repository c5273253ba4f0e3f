# Picks where the settings come from: a JSON or TOML file, the environment, or the real command line.
import os
import sys
from helpers.configuration import json_file, cmd_args


def load_config():
    backend = os.environ.get("CONFIG_BACKEND", "env")
    if backend == "json":
        words = json_file.load_json_config()
    else:
        words = sys.argv[1:]
    return cmd_args.parse_cmdline_args(input_args=words)
