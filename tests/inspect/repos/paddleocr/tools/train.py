# Fixture (PaddleOCR look-alike): the trainer reads the YAML named by -c, with -o overrides.
import os
import sys

__dir__ = os.path.dirname(os.path.abspath(__file__))
sys.path.append(os.path.abspath(os.path.join(__dir__, "..")))

import paddle
import paddle.distributed as dist

from ppocr.utils.utility import ArgsParser, load_config, merge_config


def main(config):
    if config["Global"].get("distributed"):
        dist.init_parallel_env()
    model = build_model(config["Architecture"])
    if config["Global"].get("use_amp"):
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    train(config, model)


if __name__ == "__main__":
    FLAGS = ArgsParser().parse_args()
    config = load_config(FLAGS.config)
    config = merge_config(config, FLAGS.opt)
    main(config)
