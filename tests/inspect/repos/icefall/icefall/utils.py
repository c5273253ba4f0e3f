# A small utility module in the shape of a speech toolkit's shared helpers.
import argparse


def str2bool(v):
    if isinstance(v, bool):
        return v
    if v.lower() in ("yes", "true", "t", "y", "1"):
        return True
    if v.lower() in ("no", "false", "f", "n", "0"):
        return False
    raise argparse.ArgumentTypeError("Boolean value expected.")


class AttributeDict(dict):
    def __getattr__(self, key):
        return self[key]
