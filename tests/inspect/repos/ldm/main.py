"""Trains a model described by OmegaConf YAML files: python main.py --base CFG.yaml -t --gpus 0,1"""
import argparse

import pytorch_lightning as pl
from omegaconf import OmegaConf
from pytorch_lightning.trainer import Trainer

from ldm.util import instantiate_from_config


def get_parser(**parser_kwargs):
    parser = argparse.ArgumentParser(**parser_kwargs)
    parser.add_argument("-n", "--name", type=str, const=True, default="", nargs="?", help="postfix for logdir")
    parser.add_argument("-b", "--base", nargs="*", metavar="base_config.yaml", default=list(),
                        help="paths to base configs. Loaded from left-to-right.")
    parser.add_argument("-t", "--train", type=bool, const=True, default=False, nargs="?", help="train")
    parser.add_argument("-s", "--seed", type=int, default=23, help="seed for seed_everything")
    parser.add_argument("--scale_lr", type=bool, default=True, nargs="?", const=True, help="scale base-lr by ngpu * batch_size * n_accumulate")
    return parser


if __name__ == "__main__":
    parser = get_parser()
    parser = Trainer.add_argparse_args(parser)
    opt, unknown = parser.parse_known_args()
    configs = [OmegaConf.load(cfg) for cfg in opt.base]
    cli = OmegaConf.from_dotlist(unknown)
    config = OmegaConf.merge(*configs, cli)
    lightning_config = config.pop("lightning", OmegaConf.create())
    trainer_config = lightning_config.get("trainer", OmegaConf.create())
    trainer_config["accelerator"] = "ddp"
    model = instantiate_from_config(config.model)
    data = instantiate_from_config(config.data)
    trainer = Trainer(**trainer_config)
    trainer.fit(model, data)
