"""Overrides the trainer's globals: a config file as the first word, then --key=value words."""
import sys
from ast import literal_eval

for arg in sys.argv[1:]:
    if "=" not in arg:
        config_file = arg
        exec(open(config_file).read())
    else:
        key, val = arg.split("=")
        key = key[2:]
        if key in globals():
            try:
                attempt = literal_eval(val)
            except (SyntaxError, ValueError):
                attempt = val
            globals()[key] = attempt
