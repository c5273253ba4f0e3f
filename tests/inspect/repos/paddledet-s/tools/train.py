# Fixture (PaddleDetection look-alike): -c CONFIG with _BASE_ files, --amp, --eval, -o overrides.
import os
import sys

parent_path = os.path.abspath(os.path.join(__file__, *([".."] * 2)))
sys.path.insert(0, parent_path)

import paddle
from ppdet.core.workspace import load_config, merge_config
from ppdet.engine import Trainer
from ppdet.utils.cli import ArgsParser


def parse_args():
    parser = ArgsParser()
    parser.add_argument("--eval", action="store_true", default=False, help="whether to evaluate while training")
    parser.add_argument("--amp", action="store_true", default=False, help="enable auto mixed precision training")
    parser.add_argument("-r", "--resume", default=None, help="weights path for resume")
    return parser.parse_args()


def main():
    FLAGS = parse_args()
    cfg = load_config(FLAGS.config)
    merge_config(FLAGS.opt)
    cfg["amp"] = FLAGS.amp
    trainer = Trainer(cfg, mode="train")
    trainer.train(FLAGS.eval)


if __name__ == "__main__":
    main()
