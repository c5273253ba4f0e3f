# Trains a LAVIS model from a YAML named by --cfg-path (fixture).
import argparse

import lavis.runners.runner_base as runner_base
from lavis.common.config import Config


def parse_args():
    parser = argparse.ArgumentParser(description="Training")
    parser.add_argument("--cfg-path", required=True, help="path to configuration file.")
    parser.add_argument(
        "--options",
        nargs="+",
        help="override some settings in the used config, the key-value pair in xxx=yyy format will be merged into config file",
    )
    return parser.parse_args()


def main():
    cfg = Config(parse_args())
    runner = runner_base.RunnerBase(cfg=cfg, model=None)
    return runner


if __name__ == "__main__":
    main()
