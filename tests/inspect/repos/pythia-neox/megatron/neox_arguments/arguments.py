import argparse
import os

import yaml


class NeoXArgs:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    @classmethod
    def consume_deepy_args(cls):
        parser = argparse.ArgumentParser(description="GPT-NeoX launcher", allow_abbrev=False)
        parser.add_argument("user_script", type=str, help="User script to launch, followed by any required arguments.")
        parser.add_argument("--conf_dir", "-d", type=str, default=None, help="Directory to prefix to all configuration file paths")
        parser.add_argument("conf_file", type=str, nargs="+", help="Configuration file path. Multiple files can be provided and will be merged.")
        args = parser.parse_args()
        conf = {}
        for f in args.conf_file:
            path = os.path.join(args.conf_dir, f) if args.conf_dir else f
            with open(path) as fh:
                conf.update(yaml.safe_load(fh))
        return cls(user_script=args.user_script, **{k.replace("-", "_"): v for k, v in conf.items()})

    def get_deepspeed_main_args(self):
        return [self.user_script]
