"""Trains a LoRA network for a Stable Diffusion model with Accelerate."""
import argparse

from accelerate import Accelerator

from library import train_util


def train(args):
    accelerator = Accelerator(mixed_precision=args.mixed_precision)


def setup_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    train_util.add_sd_models_arguments(parser)
    train_util.add_dataset_arguments(parser)
    train_util.add_training_arguments(parser)
    train_util.add_config_arguments(parser)
    parser.add_argument("--network_module", type=str, default=None)
    parser.add_argument("--network_dim", type=int, default=None)
    parser.add_argument("--unet_lr", type=float, default=None)
    return parser


if __name__ == "__main__":
    parser = setup_parser()
    args = parser.parse_args()
    args = train_util.read_config_from_file(args, parser)
    train(args)
